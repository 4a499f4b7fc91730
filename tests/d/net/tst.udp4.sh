#!/bin/bash
#
# The udp provider over IPv4 loopback (tests/network.c, "udp4"): a
# datagram from BASE + 1 to BASE and the answer, each seen sent and
# received, with its ports, length and addresses, and the socket's ends
# (the sender's own socket; a datagram received has none yet: its ends
# come from its headers).
#
dtrace=$1
net=$(dirname "$BDT_WORKLOAD")/network
. tests/d/net/udp_check.sh "$net" udp4 127.0.0.1
