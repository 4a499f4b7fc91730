#!/usr/bin/env -S dtrace -s
/*
 * iosnoop.d: block device I/O as it completes, with its latency.
 *
 * Usage: iosnoop.d [DEVICE]
 *	DEVICE	only that device (its name: sda, nvme0n1, loop3 ...)
 *
 * One line per request that completes: the device, R or W, the first
 * block (512-byte sector), the size in bytes, the latency from issue to
 * completion in microseconds, and the pid and name of the process that
 * issued it (often a kernel thread, for writes of the page cache).
 * With -c or -p, only that process's requests.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%-10s %1s %12s %8s %10s %7s %s\n", "DEVICE", "T", "BLOCK",
	    "BYTES", "LAT(us)", "PID", "COMM");
}

io:::start
/($$1 == "" || args[1]->dev_statname == $$1) &&
 ($target == 0 || pid == $target)/
{
	start[arg0] = timestamp;
	who[arg0] = pid;
	name[arg0] = execname;
}

io:::done
/start[arg0]/
{
	printf("%-10s %1s %12d %8d %10d %7d %s\n", args[1]->dev_statname,
	    args[0]->b_flags & B_READ ? "R" : "W", args[0]->b_blkno,
	    args[0]->b_bcount, (timestamp - start[arg0]) / 1000, who[arg0],
	    name[arg0]);
	start[arg0] = 0;
	who[arg0] = 0;
	name[arg0] = 0;
}
