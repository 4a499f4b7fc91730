#!/bin/bash
#
# dtrace -l -v: each provider's stability attributes and argument types,
# as DTrace prints them (the probe ids, which depend on the machine, are
# left out).  The probe description attributes are the least of the
# provider's for the fields the probe's description names.
#
dtrace=$1

$dtrace -lv -n dtrace:::BEGIN -n profile:::tick-1s -n syscall::read:entry \
    -n syscall::read:return -n proc:::create -n proc:::exec \
    -n proc:::exit -n proc:::signal-handle -n sched:::on-cpu \
    -n sched:::off-cpu -n sched:::change-pri -n io:::start -n io:::done \
    -n lockstat:::adaptive-block -n lockstat:::rw-spin \
    -n callout_execute:::callout-start -n dtmalloc::names_cache:malloc | sed 's/^ *[0-9][0-9]* / ID /'
