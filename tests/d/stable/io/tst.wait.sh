#!/bin/bash
#
# io:::wait-start and wait-done, kprobes on submit_bio_wait(): fsync()
# of a block device (a RAM disk, brd) waits for the flush it submits.
# wait-done gives the bio wait-start gave, with the same device.  A
# clause may name start and wait-start together (brd has no requests:
# start does not fire).
#
# @@needs: kprobes
dtrace=$1

modprobe brd rd_nr=1 rd_size=1024 || exit 1
$dtrace -q -c "dd if=/dev/zero of=/dev/ram0 bs=4k count=1 conv=fsync status=none" -s /dev/stdin <<'EOF2'
int starts, dones;
string shared;

io:::start, io:::wait-start
/pid == $target/
{
	shared = args[1]->dev_statname;
}

io:::wait-start
/pid == $target/
{
	starts++;
	self->bio = arg0;
	self->dev = args[1]->dev_statname;
	printf("wait-start %s %s\n", args[1]->dev_statname,
	    args[0]->b_flags & B_WRITE ? "write" : "read");
}

io:::wait-done
/pid == $target && self->bio/
{
	dones++;
	printf("wait-done %s, same bio: %s\n", args[1]->dev_statname,
	    arg0 == self->bio ? "yes" : "no");
	self->bio = 0;
}

END
{
	printf("clause shared with start: %s\n", shared);
}
EOF2
rmmod brd
