#!/usr/bin/env -S dtrace -s
/*
 * biolatency.d: block I/O latency as a histogram, per device.
 *
 * Usage: biolatency.d [SECONDS]
 *	SECONDS	print and reset the histograms every SECONDS (default:
 *		once, at Ctrl-C)
 *
 * The time from issue (io:::start) to completion (io:::done) of each
 * request, in microseconds: a power-of-two histogram per device and
 * direction.  With -c or -p, only that process's requests.
 */
#pragma D option quiet
#pragma D option defaultargs

io:::start
/$target == 0 || pid == $target/
{
	start[arg0] = timestamp;
}

io:::done
/start[arg0]/
{
	@us[args[1]->dev_statname, args[0]->b_flags & B_READ ? "read" :
	    "write"] = quantize((timestamp - start[arg0]) / 1000);
	start[arg0] = 0;
}

tick-1s
/$1 && ++n >= $1/
{
	printa("\n%s %s (us)%@d", @us);
	trunc(@us);
	n = 0;
}

END
{
	printa("\n%s %s (us)%@d", @us);
}
