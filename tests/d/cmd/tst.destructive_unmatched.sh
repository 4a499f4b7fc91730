#!/bin/bash
#
# Without -w, a destructive action refuses to enable tracing even in a
# clause that -Z left without probes; the matched-probes notice comes
# first, then "could not enable tracing", as dtrace(1M) prints them.
# With -w the same program runs (the unmatched clause never fires).

dtrace=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cat > "$d/s.d" <<'D'
BEGIN
{
	exit(0);
}

nosuchprov:nosuchmod:nosuchfunc:nosuchname
{
	system("echo never");
}
D
"$dtrace" -Z -s "$d/s.d" 2>&1 | sed "s|$d/||"
echo "status ${PIPESTATUS[0]}"
"$dtrace" -wqZ -s "$d/s.d"
echo "status $?"
