#!/bin/bash
#
# A provider glob over a file's USDT probes across processes (uprog*:
# two processes running, each with its own probes, and one started
# while tracing runs, whose firings come through the uprobes on the
# file): aggregations and associative arrays keyed by probeprov,
# probemod, probefunc and probename, and tuples of them, keep each
# process's probes apart under their own strings.  probefunc, probemod
# and probename are kept in the kernel as string-table offsets, and
# probeprov as its string, which such a glob makes at run time
# (dtrace -S names the maps by key and value size); the same with -Z,
# whose program would be compiled again for new processes.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prog=$tmp/uprogk
cp "$BDT_BUILD/tests/uprog" "$prog"
. "$(dirname "$0")/../../umem.sh"
"$prog" -l usdt 2> /dev/null & one=$!
"$prog" -l usdt 2> /dev/null & two=$!
umem_wait $one uprogk
umem_wait $two uprogk
script='
BEGIN
{
	system("touch '"$tmp"'/go");
}
uprog*:uprogk::pair, uprog*:uprogk::guarded
{
	this->n = pid == $1 ? 1 : pid == $2 ? 2 : 3;
	@prov[probeprov] = max(this->n);
	@name[probeprov, probename] = max(this->n);
	@func[probemod, probefunc, probename] = max(this->n);
	@pf[probefunc] = max(this->n);
	seen[probeprov, probename] = this->n;
	byfunc[probefunc, probename] = 1;
}
uprog*:uprogk::guarded
/this->n == 3 &&
 seen[strjoin("uprog", lltostr($1)), "pair"] == 1 &&
 seen[strjoin("uprog", lltostr($1)), "guarded"] == 1 &&
 seen[strjoin("uprog", lltostr($2)), "pair"] == 2 &&
 seen[strjoin("uprog", lltostr($2)), "guarded"] == 2/
{
	printf("new: pair %d, guarded %d, other %d; %d %d\n",
	    seen[probeprov, "pair"], seen[probeprov, probename],
	    seen[probeprov, "consts"], byfunc["usdt", "pair"],
	    byfunc[probefunc, "guarded"]);
	exit(0);
}
END
{
	printa(@prov);
	printa(@name);
	printa(@func);
	printa(@pf);
}'
for z in "" -Z; do
	rm -f "$tmp/go"
	"$dtrace" -qw $z -n "$script" $one $two > "$tmp/out" 2>&1 & dt=$!
	for i in $(seq 200); do
		[ -e "$tmp/go" ] && break
		sleep 0.05
	done
	setsid "$prog" -c 1 usdt 2> /dev/null & new=$!
	wait $new
	wait $dt
	echo "status $?"
	# a pid's width moves the columns after it: one space there
	sed -E "s/($one|$two|$new)\\b +/\\1 /g;
		s/$one\\b/<one>/g; s/$two\\b/<two>/g; s/$new\\b/<new>/g" \
		"$tmp/out"
	"$dtrace" -S $z -n "$script" $one $two 2>&1 |
		grep -o 'map\[agg_[0-9]*_[0-9]*\]' | sort -u
done
kill $one $two
wait $one $two 2> /dev/null
exit 0
