#!/bin/bash
#
# io:::start and io:::done for the traced command's I/O (kwork io DIR: a
# 64 KiB file written and read with O_DIRECT, then through the page
# cache), on the block device under the repository and on a loop device
# holding an ext4 image.  Both the direct I/O's file (its kiocb) and the
# page cache's (its inode) are known; done matches start by arg0 and
# gives the same size.  arg1 is 0, as in illumos (the buf is the only
# argument) and Oracle (a file pointer it leaves NULL).
#
# On a device other processes write to (the disk under the repository,
# during a build or a test run) the block layer may merge one of
# kwork's bios into another process's request still queued, which then
# starts as that process's: a run whose eight lines are not all there
# is made again, at most twice more (whole runs, each checked whole).
#
dtrace=$1
kwork=$(dirname "$BDT_WORKLOAD")/kwork
dir=$(mktemp -d "$(dirname "$BDT_WORKLOAD")/io-test.XXXXXX")
trap 'umount "$dir/mnt" 2> /dev/null; rm -rf "$dir"' EXIT

# run DIR LABEL: trace kwork io DIR on the device DIR is on
run() {
	local dev
	dev=$(basename "$(findmnt -n -o SOURCE --target "$1")")
	$dtrace -q -c "$kwork io $1" -s /dev/stdin "$dev" "$2" \
	    "$(realpath "$1")/kwork-io" <<'EOF2'
io:::start
/pid == $target && args[1]->dev_statname == $$1 &&
 args[2]->fi_name == "kwork-io"/
{
	started[arg0] = args[0]->b_bcount;
	@[$$2, probename, args[0]->b_flags & B_READ ? "read" : "write",
	    args[2]->fi_name, args[2]->fi_fs,
	    args[2]->fi_oflags & O_DIRECT ? "O_DIRECT" : "cached"] =
	    sum(args[0]->b_bcount);
}

io:::done
/started[arg0]/
{
	@[$$2, probename, args[0]->b_flags & B_READ ? "read" : "write",
	    args[2]->fi_name, args[2]->fi_fs,
	    args[2]->fi_oflags & O_DIRECT ? "O_DIRECT" : "cached"] =
	    sum(args[0]->b_bcount);
	@check[$$2, "done of another size than its start"] =
	    sum(started[arg0] != args[0]->b_bcount + args[0]->b_resid);
	@check[$$2, "a file of another path"] =
	    sum(args[2]->fi_pathname != $$3);
	@check[$$2, "a device of another path"] =
	    sum(args[1]->dev_pathname != strjoin("/dev/", $$1));
	@check[$$2, "arg1 not 0, as DTrace's"] = sum(arg1 != 0);
	started[arg0] = 0;
}

io:::done
/$$2 == "loop" && args[1]->dev_statname == $$1/
{
	@name[args[1]->dev_name] = count();
}

END
{
	printa("%s %s %s %s %s %s %@d\n", @);
	printa("%s %s: %@d\n", @check);
	printa("driver %s\n", @name);
}
EOF2
}

# whole DIR LABEL: run until the output has its eight start and done
# lines and no failed check, three runs at most
whole() {
	local i
	for i in 1 2 3; do
		run "$1" "$2" > "$dir/out"
		[ "$(grep -c " kwork-io ext4 " "$dir/out")" = 8 ] &&
			! grep -q ': [1-9]' "$dir/out" && break
	done
	cat "$dir/out"
}

whole "$dir" disk
truncate -s 64M "$dir/img"
mkfs.ext4 -q -F "$dir/img"
mkdir "$dir/mnt"
mount -o loop "$dir/img" "$dir/mnt"
whole "$dir/mnt" loop
