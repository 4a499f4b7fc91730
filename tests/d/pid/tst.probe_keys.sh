#!/bin/bash
#
# Aggregations and associative arrays keyed by probeprov, probemod,
# probefunc and probename, and tuples of them, in a program compiled
# again while tracing (a library the -c process loads: runtime/ulate.c):
# the probes of the program (pid and USDT) and those of the library,
# added by the compilation again, count under their own strings, and an
# array written at one and read at the other is one array.  The keys
# are kept in the kernel as string-table offsets, 8 bytes each (with
# the aggregation's id, 16 for one key, 40 for four: dtrace -S names
# the maps by key and value size), the later compilation's string
# table extending the first's; so are those of arrays indexed by probe
# strings alone (n, self->f: "entry" counts the program's entries and
# the library's under one key).
dtrace=$1
prog=$BDT_BUILD/tests/uprog
lib=$(cd "$BDT_BUILD/tests" && pwd)/libuprog.so
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
script='
BEGIN
{
	printf("target %d\n", $target);
}
pid$target::up_add:entry, pid$target::up_str:entry,
pid$target::up_lib:entry, pid$target::up_lib:return,
uprog$target:::pair, uproglib$target:::lib-call
{
	@func[probefunc] = count();
	@mod[probemod, probefunc] = count();
	@all[probeprov, probemod, probefunc, probename] = count();
	@name[probename] = sum(1);
	calls[probefunc]++;
	seen[probemod, probename] = probefunc;
	n[probename]++;
	self->f[probemod, probefunc]++;
}
pid$target::up_lib:entry, pid$target::up_str:entry
{
	printf("%s: %s %d, %s:%s %d\n", probefunc, probename, n[probename],
	    probemod, probefunc, self->f[probemod, probefunc]);
}
pid$target::up_lib:return
{
	printf("up_str %d, up_lib %d, usdt %d; %s %s\n", calls["up_str"],
	    calls["up_lib"], calls["usdt"], seen["uprog", "pair"],
	    seen["libuprog.so", "lib-call"]);
}
END
{
	printa(@func);
	printa(@mod);
	printa(@all);
	printa(@name);
	printf("up_add %d, up_lib %d, usdt %d, nothing %d\n",
	    calls["up_add"], calls["up_lib"], calls["usdt"],
	    calls["nothing"]);
}'
"$dtrace" -Z -q -c "$prog calls usdt dlopen $lib calls usdt" -n "$script" \
	> "$tmp/out" 2> "$tmp/err"
echo "status $?"
pid=$(sed -n 's/^target //p' "$tmp/out")
# the pid's width moves the columns after it: one space there
sed -E "s/$pid\\b( +)/<pid> /g; s/$pid\\b/<pid>/g" "$tmp/out"
"$dtrace" -Z -S -c "$prog calls" -n "$script" 2>&1 |
	grep -o 'map\[agg_[0-9]*_[0-9]*\]' | sort -u
