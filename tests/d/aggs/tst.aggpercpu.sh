#!/bin/bash
# -x aggpercpu: after each value, each CPU's own value ("    [CPU N]"),
# min() and max() at their identities on a CPU that never updated them.
# dtrace is pinned to CPU 0, where BEGIN fires; the lines of the other
# CPUs (as many as the machine has, at 0 or an identity) are left out
# but for the last one, printed as "CPU N".
dtrace=$1
taskset -c 0 "$dtrace" -x aggpercpu -qn '
BEGIN
{
	@c = count();
	@s["a"] = sum(7);
	@s["b"] = sum(9);
	@mn = min(3);
	@mx = max(-2);
	printa(@c);
	printa("%s %@d\n", @s);
	printa(@s, @s);
	exit(0);
}' | awk '
	# the last CPU, whose line also holds the next value of printa(@s, @s)
	/^    \[CPU [1-9]/ { sub(/CPU [0-9]+/, "CPU N"); last = $0; next }
	last != "" { print last; last = "" }
	{ print }
	END { if (last != "") print last }'
