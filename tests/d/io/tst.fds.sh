#!/bin/bash
#
# fds[]: the fileinfo_t of the traced process's file descriptors.  The
# workload runs with stdin from /dev/null and stdout redirected to a file
# of a fresh tmpfs, and writes to another file of it (fds[arg0] on
# write(2)); a closed descriptor and ones out of the table's range are a
# NULL file, "<none>".

dtrace=$1
dir=$(mktemp -d)
cleanup()
{
	[ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	umount "$dir" 2>/dev/null
	rm -rf "$dir"
}
trap cleanup EXIT
mount -t tmpfs none "$dir" || exit 1
mkdir "$dir/sub"
: > "$dir/sub/data"
"$BDT_WORKLOAD" write "$dir/sub/data" < /dev/null > "$dir/sub/out" &
pid=$!
sleep 0.2
"$dtrace" -qn 'syscall::write:entry /pid == $target/ {
	printf("%s %s\n", fds[0].fi_name, fds[0].fi_pathname);
}
syscall::write:entry /pid == $target/ {
	printf("%s %s %s\n", fds[1].fi_name, fds[1].fi_dirname, fds[1].fi_pathname);
}
syscall::write:entry /pid == $target/ {
	printf("%s %s %d %d\n", fds[arg0].fi_pathname, fds[arg0].fi_fs,
	    fds[arg0].fi_oflags & 3, fds[arg0].fi_offset > 0);
}
syscall::write:entry /pid == $target/ {
	printf("%s %s %s %d\n", fds[60].fi_name, fds[60].fi_pathname,
	    fds[60].fi_fs, fds[60].fi_oflags);
}
syscall::write:entry /pid == $target/ {
	printf("%s %s\n", fds[-1].fi_name, fds[100000].fi_pathname);
	exit(0);
}' -p "$pid" | sed "s|$dir|DIR|g"
