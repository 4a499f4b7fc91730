#!/bin/bash
# tools/tcpaccept.d PORT: a connection accepted on the test's own port
# (tcp_listen.py), from 127.0.0.1.
dtrace=$1
port=$((40000 + $$ % 20000))
"$dtrace" -s tools/tcpaccept.d -c "python3 tests/d/tools/tcp_listen.py $port" $port |
	awk -v port=$port 'NF == 0 { next } NR == 1 { print; next }
	     { print $1, $2, ($3 > 0), $4, ($5 == port ? "PORT" : $5) }'
