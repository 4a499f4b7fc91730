#!/bin/bash
#
# d_path() crosses mount points: the workload's executable file, copied
# to a tmpfs mounted in a fresh directory, run from there and through a
# bind mount of a directory of that tmpfs; fileinfo_t's fi_pathname is
# the same path; a file removed while in use ends in " (deleted)", as
# the kernel's d_path() says it.

dtrace=$1
dir=$(mktemp -d)
cleanup()
{
	[ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	umount "$dir/bind" "$dir/mnt" 2>/dev/null
	rm -rf "$dir"
}
trap cleanup EXIT
mkdir "$dir/mnt" "$dir/bind"
mount -t tmpfs none "$dir/mnt" || exit 1
mkdir "$dir/mnt/sub"
cp "$BDT_WORKLOAD" "$dir/mnt/sub/wl"
mount --bind "$dir/mnt/sub" "$dir/bind" || exit 1

exe='d_path(&curthread->mm->exe_file->f_path)'
fi='xlate<fileinfo_t *>(curthread->mm->exe_file)->fi_pathname'
prog="syscall::openat:entry /pid == \$target/ {
	printf(\"%s\n%s\n\", $exe, $fi); exit(0); }"
for wl in "$dir/mnt/sub/wl" "$dir/bind/wl"; do
	"$dtrace" -qn "$prog" -c "$wl open /dev/null" | sed "s|^$dir|DIR|"
done

cp "$BDT_WORKLOAD" "$dir/mnt/del"
"$dir/mnt/del" sleep &
pid=$!
sleep 0.2
rm "$dir/mnt/del"
"$dtrace" -qn "syscall:::entry /pid == \$target/ {
	printf(\"%s\n\", $exe); exit(0); }" -p "$pid" | sed "s|^$dir|DIR|"
