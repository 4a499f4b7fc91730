#!/bin/bash
#
# -l -v lists a raw tracepoint's arguments with their kernel types: the
# parent and the child of sched_process_fork.
dtrace=$1
"$dtrace" -l -v -n rawtp:sched::sched_process_fork | grep 'args\['
