#!/bin/bash
#
# $pid, $ppid, $uid, $gid, $sid and $pgid are dtrace's own ids. A shell
# prints its pid and execs dtrace, so $pid is known; the session and
# process group are inherited from this script, so they are compared
# with what ps says of it (under CI the session id can be 0).

dtrace=$1
prog='BEGIN { printf("%d %d %d %d %d %d\n", $pid, $ppid, $uid, $gid, $sid, $pgid); exit(0); }'
out=$(bash -c 'echo $$ $PPID; exec "$0" -q -n "$1"' "$dtrace" "$prog")
read -r shpid shppid pid ppid uid gid sid pgid <<<"$(echo $out)"
read -r mysid mypgid <<<"$(ps -o sid=,pgid= -p $$)"
echo "pid $([ "$pid" = "$shpid" ] && echo ok || echo "$pid != $shpid")"
echo "ppid $([ "$ppid" = "$shppid" ] && echo ok || echo "$ppid != $shppid")"
echo "uid $([ "$uid" = "$(id -u)" ] && echo ok || echo "$uid")"
echo "gid $([ "$gid" = "$(id -g)" ] && echo ok || echo "$gid")"
echo "sid $([ "$sid" = "$mysid" ] && echo ok || echo "$sid != $mysid")"
echo "pgid $([ "$pgid" = "$mypgid" ] && echo ok || echo "$pgid != $mypgid")"
