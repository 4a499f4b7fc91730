#!/bin/bash
#
# The Python interpreter's own probes (Debian's /usr/bin/python3.11 has
# SDT notes with semaphores): function-entry gives the file, the
# function and the line.  Python 3.11 fires function-entry only while a
# profile or trace function is set (sys.setprofile), so the script sets
# one.  A provider glob with no pid (python*) finds the process.
dtrace=$1
py=/usr/bin/python3.11
if ! readelf -n "$py" 2> /dev/null | grep -q function__entry; then
	echo "no $py with SDT notes"
	exit 0
fi
tmp=$(mktemp -d)
cat > "$tmp/t.py" <<'PY'
import sys, time
def bdt_probe_target(x):
    return x + 1
sys.setprofile(lambda *a: None)
while True:
    bdt_probe_target(1)
    time.sleep(0.01)
PY
"$dtrace" -q -c "$py $tmp/t.py" -n '
python$target:::function-entry
/copyinstr(arg1) == "bdt_probe_target"/
{
	printf("%s %s %s:%d\n", probename, basename(copyinstr(arg0)),
	       copyinstr(arg1), arg2);
	exit(0);
}'
echo "status $?"
"$py" "$tmp/t.py" & pid=$!
sleep 0.3
"$dtrace" -q -n '
python*:::function-entry
/pid == $1 && copyinstr(arg1) == "bdt_probe_target"/
{
	printf("%s %s:%d\n", probeprov == strjoin("python", lltostr($1)) ?
	       "python$1" : probeprov, copyinstr(arg1), arg2);
	exit(0);
}' $pid
echo "status $?"
kill $pid
wait $pid 2> /dev/null
rm -rf "$tmp"
