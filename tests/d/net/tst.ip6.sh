#!/bin/bash
#
# The same over IPv6 (tests/network.c, "udp6"): args[5] translated,
# args[4] empty.
#
dtrace=$1
net=$(dirname "$BDT_WORKLOAD")/network
. tests/d/net/ip_check.sh "$net" udp6 ::1
