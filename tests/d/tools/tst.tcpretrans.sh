#!/bin/bash
# tools/tcpretrans.d PORT: a connection request to the test's own port,
# whose SYN the full listen queue drops (tcp_listen.py backlog), is
# retransmitted in SYN_SENT.
dtrace=$1
port=$((40000 + $$ % 20000))
"$dtrace" -s tools/tcpretrans.d -c "python3 tests/d/tools/tcp_listen.py $port backlog" $port |
	awk -v port=$port 'NF == 0 { next } NR == 1 { print; next }
	     { print $1, $2, ($3 > 0), $4, ($5 == port ? "PORT" : $5), $6 }' |
	uniq
