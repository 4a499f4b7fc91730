#!/bin/bash
#
# Files dtrace writes (-o, freopen()) are created private (0600: they
# hold whatever was traced) and are never reached through a symbolic
# link another user planted, nor written when another user owns them
# in a shared (sticky, world-writable) directory; dtrace's own links,
# root's and procfs's (/dev/stdout) are followed as before.

dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
umask 022
as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
prog='BEGIN { printf("traced\n"); exit(0); }'

echo "== a new file"
"$dtrace" -q -o "$tmp/new" -n "$prog"
echo "status $? mode $(stat -c %a "$tmp/new")"
cat "$tmp/new"

echo "== through our own link"
ln -s new "$tmp/ours"
"$dtrace" -q -o "$tmp/ours" -n "$prog"
echo "status $?"
cat "$tmp/new"

echo "== /dev/stdout"
"$dtrace" -q -o /dev/stdout -n "$prog" | cat
echo "status ${PIPESTATUS[0]}"

echo "== another user's links"
echo secret > "$tmp/victim"
mkdir "$tmp/user" && chown 65534 "$tmp/user"
as_user ln -s "$tmp/victim" "$tmp/user/link"
as_user ln -s "$tmp" "$tmp/user/dir"
"$dtrace" -q -o "$tmp/user/link" -n "$prog" 2>&1 | sed "s|$tmp|TMP|g"
echo "status ${PIPESTATUS[0]}"
"$dtrace" -q -o "$tmp/user/dir/victim" -n "$prog" 2>&1 | sed "s|$tmp|TMP|g"
echo "status ${PIPESTATUS[0]}"
"$dtrace" -wq -n "BEGIN { freopen(\"$tmp/user/link\"); printf(\"x\n\");
    freopen(\"\"); printf(\"still here\n\"); exit(0); }" 2>&1 |
	sed "s|$tmp|TMP|g"
echo "status ${PIPESTATUS[0]}"
cat "$tmp/victim"

echo "== another user's file in a shared directory"
mkdir "$tmp/shared" && chmod 1777 "$tmp/shared"
as_user touch "$tmp/shared/planted"
"$dtrace" -q -o "$tmp/shared/planted" -n "$prog" 2>&1 | sed "s|$tmp|TMP|g"
echo "status ${PIPESTATUS[0]} size $(stat -c %s "$tmp/shared/planted")"
