#!/bin/bash
#
# io:::start on a loop device holding an ext4 image that the test mounts:
# one O_DIRECT write of 64 KiB to a file on it, seen with its device's
# driver and its file system.  In tests/vm/'s guest, ext4 and loop are
# modules, loaded as the kernel asks for them (the guest's modprobe
# helper), as on any Debian system.
#
dtrace=$1
dir=$(mktemp -d "$(dirname "$BDT_WORKLOAD")/io-loop.XXXXXX")
trap 'umount "$dir/mnt" 2> /dev/null; rm -rf "$dir"' EXIT

truncate -s 64M "$dir/img"
mkfs.ext4 -q -F "$dir/img"
mkdir "$dir/mnt"
mount -o loop "$dir/img" "$dir/mnt" || exit 1
dev=$(basename "$(findmnt -n -o SOURCE --target "$dir/mnt")")
$dtrace -q -c "dd if=/dev/zero of=$dir/mnt/f bs=64k count=1 oflag=direct status=none" \
    -s /dev/stdin "$dev" <<'EOF2'
io:::start
/args[1]->dev_statname == $$1 && args[2]->fi_name == "f"/
{
	@[args[1]->dev_name, args[0]->b_flags & B_WRITE ? "write" : "read",
	    args[2]->fi_fs,
	    args[2]->fi_oflags & O_DIRECT ? "O_DIRECT" : "cached"] =
	    sum(args[0]->b_bcount);
}

END
{
	printa("%s %s %s %s %@d\n", @);
}
EOF2
