#!/bin/bash
#
# The tcp provider over IPv4 loopback, fired by a connection the test
# makes (tests/network.c, "tcp4"): a listener, a client that connects,
# exchanges a message and closes first, and a connection refused.  Its
# ports are BASE = 20000 + pid % 20000 and BASE + 1.  Each connection
# event once, the states each end goes through, and that segments went
# both ways with their addresses and ports.
#
dtrace=$1
net=$(dirname "$BDT_WORKLOAD")/network
. tests/d/net/tcp_check.sh "$net" tcp4 127.0.0.1
