#!/bin/bash
#
# Aggregation keys that name code are aggregated by the name, not the
# address, as DTrace's consumer does: func()/sym() of two addresses in
# vfs_read, mod() of two in the kernel, and ufunc()/usym()/umod() of
# every instruction of up_asm (each fires once) are one entry each; an
# address no symbol covers stays an entry of its own.
dtrace=$1
addr=0x$(awk '$3 == "vfs_read" && ($2 == "T" || $2 == "t") { print $1; exit }' /proc/kallsyms)

"$dtrace" -qs /dev/stdin "$addr" <<'D'
BEGIN
{
	@f[func($1)] = count();
	@f[func($1 + 4)] = count();
	@g[func($1 + 8)] = sum(2);
	@g[func($1 + 12)] = sum(3);
	@s[sym($1 + 1), 7] = max(3);
	@s[sym($1 + 2), 7] = max(5);
	@s[sym($1 + 2), 8] = max(1);
	@m[mod($1)] = avg(2);
	@m[mod($1 + 16)] = avg(4);
	@r[func(0x10)] = count();
	@r[func(0x20)] = count();
	exit(0);
}
D
echo "status $?"
"$dtrace" -q -c "$BDT_BUILD/tests/uprog" -s /dev/stdin <<'D'
pid$target:a.out:up_asm:
{
	@uf[ufunc(uregs[R_PC])] = count();
	@us[usym(uregs[R_PC])] = count();
	@um[umod(uregs[R_PC])] = count();
	@q[ufunc(uregs[R_PC])] = quantize(1);
}
D
echo "status $?"
