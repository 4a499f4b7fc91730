#!/bin/bash
#
# The trace output cannot be written (-o on a full file system, a tiny
# tmpfs in a mount namespace; stdout on /dev/full): one line says so,
# tracing ends and the status is 1, whether it was records or the
# aggregations printed at the end that did not fit.  Nothing is lost
# without a word.

dtrace=$1
unshare -m bash -s "$dtrace" <<'SCRIPT'
dtrace=$1
mount --make-rprivate /
dir=$(mktemp -d)
mount -t tmpfs -o size=16k none "$dir"
echo "== records"
timeout 20 "$dtrace" -q -o "$dir/records" -n 'profile-997 {
    printf("%0100d\n", 1); } tick-5s { exit(0); }' 2>&1
echo "status $? size $(stat -c %s "$dir/records")"
rm -f "$dir/records"
echo "== aggregations"
timeout 20 "$dtrace" -q -o "$dir/aggs" -n 'profile-997 {
    @[timestamp] = count(); } tick-1s { exit(0); }' 2>&1
echo "status $?"
echo "== /dev/full"
timeout 20 "$dtrace" -qn 'BEGIN { printf("x\n"); exit(0); }' 2>&1 \
	> /dev/full
echo "status $?"
umount "$dir"
rmdir "$dir"
SCRIPT
