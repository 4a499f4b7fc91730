#!/bin/bash
#
# The ip provider over IPv4 loopback: the packets of two UDP datagrams
# (tests/network.c, "udp4", LEN bytes each), each seen sent and
# received on lo, with its IPv4 header translated (args[4]) and args[5]
# empty; a packet sent has its socket, one received none yet.
#
dtrace=$1
net=$(dirname "$BDT_WORKLOAD")/network
. tests/d/net/ip_check.sh "$net" udp4 127.0.0.1
