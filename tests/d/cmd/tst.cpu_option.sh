#!/bin/bash
#
# -x cpu=N traces that CPU only: BEGIN and END run there, tick-N's
# event is placed there, and the firings of profile-N and of system
# call probes on other CPUs are dropped.  Checked on the last online CPU
# (any CPU but the first when there are several).  Two workloads make
# system calls without sleeping, one pinned to that CPU and one to the
# first: the first's are never counted.  The pinned one also keeps its
# CPU busy: some virtual machines do not deliver an idle vCPU's
# cpu-clock timer at all (bench/README.md, "profile-N on idle CPUs"),
# and neither profile-N nor tick-N could fire there.

dtrace=$1
online=$(tr ',' '\n' < /sys/devices/system/cpu/online)
last=$(echo "$online" | tail -1)
last=${last##*-}
first=$(echo "$online" | head -1)
first=${first%%-*}
taskset -c "$last" "$BDT_WORKLOAD" -n bdtcpu -i 0 read > /dev/null 2>&1 &
on=$!
taskset -c "$first" "$BDT_WORKLOAD" -n bdtcpu -i 0 read > /dev/null 2>&1 &
off=$!
trap 'kill $on $off 2>/dev/null' EXIT
"$dtrace" -x cpu="$last" -qn '
BEGIN { printf("BEGIN %d\n", cpu); }
tick-50ms /n++ < 2/ { printf("tick %d\n", cpu); }
profile-20ms /p++ < 3/ { printf("profile %d\n", cpu); }
syscall::read:entry /execname == "bdtcpu"/
{
	@s[cpu == '"$last"' ? "N" : "other"] = count();
}
tick-300ms { exit(0); }
END { printf("END %d\n", cpu); printa("syscall %s\n", @s); }' |
    sed "s/ $last\$/ N/" | sort | uniq -c
