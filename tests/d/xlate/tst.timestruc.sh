#!/bin/bash
#
# The timestruc_t members of psinfo_t and lwpsinfo_t: pr_start is the
# process's start on the wall clock, compared with /proc/PID/stat's start
# (clock ticks since boot) plus /proc/stat's btime, to within 2 seconds;
# pr_time is the CPU time charged so far (the workload has used well
# under a minute); pr_ctime is 0 (it has waited for no children).  The
# workload is one-threaded, so its thread started when it did.

dtrace=$1
cleanup()
{
	[ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
}
trap cleanup EXIT
"$BDT_WORKLOAD" -n xlstart calls &
pid=$!
sleep 0.2
out=$("$dtrace" -qn 'syscall::getppid:entry /pid == $target/ {
	printf("%d %d\n", curpsinfo->pr_start.tv_sec, curpsinfo->pr_start.tv_nsec);
	printf("nsec %d\n", curpsinfo->pr_start.tv_nsec >= 0 &&
	    curpsinfo->pr_start.tv_nsec < 1000000000);
	printf("lwp %d\n", curlwpsinfo->pr_start.tv_sec == curpsinfo->pr_start.tv_sec);
	printf("time %d %d\n", curpsinfo->pr_time.tv_sec < 60,
	    curlwpsinfo->pr_time.tv_sec < 60 &&
	    curlwpsinfo->pr_time.tv_nsec < 1000000000);
	printf("ctime %d %d\n", curpsinfo->pr_ctime.tv_sec, curpsinfo->pr_ctime.tv_nsec);
	this->p = curpsinfo;
	printf("whole %d\n", this->p->pr_start.tv_sec == curpsinfo->pr_start.tv_sec);
	exit(0);
}' -p "$pid")
read -r sec _ <<< "$out"
hz=$(getconf CLK_TCK)
ticks=$(awk '{ print $22 }' "/proc/$pid/stat")
btime=$(awk '$1 == "btime" { print $2 }' /proc/stat)
want=$((btime + ticks / hz))
diff=$((sec - want))
[ "${diff#-}" -le 2 ] && echo "start ok" || echo "start $sec, /proc says $want"
echo "$out" | tail -n +2
