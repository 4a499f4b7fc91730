#!/bin/bash
#
# The same over IPv6 loopback (tests/network.c, "udp6").
#
dtrace=$1
net=$(dirname "$BDT_WORKLOAD")/network
. tests/d/net/udp_check.sh "$net" udp6 ::1
