#!/bin/bash
#
# How a -c command ended, worded as dtrace(1M) does; -q keeps quiet.
dtrace=$1
tmp=$(mktemp -d)
printf '#!/bin/sh\nexit 3\n' > "$tmp/exit3"
printf '#!/bin/sh\nkill -9 $$\n' > "$tmp/killed"
printf '#!/bin/sh\nexit 0\n' > "$tmp/ok"
chmod +x "$tmp"/*
for c in ok exit3 killed; do
	"$dtrace" -n 'BEGIN { n = 1; }' -c "$tmp/$c" 2>&1 >/dev/null |
		sed 's/pid [0-9]*/pid PID/'
	echo "status ${PIPESTATUS[0]}"
done
"$dtrace" -q -n 'BEGIN { n = 1; }' -c "$tmp/exit3"
echo "quiet: status $?"
rm -rf "$tmp"
