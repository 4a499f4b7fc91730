#!/bin/bash
#
# The same over IPv6 loopback (tests/network.c, "tcp6").
#
dtrace=$1
net=$(dirname "$BDT_WORKLOAD")/network
. tests/d/net/tcp_check.sh "$net" tcp6 ::1
