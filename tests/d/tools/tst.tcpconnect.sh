#!/bin/bash
# tools/tcpconnect.d with -c: the command's connections (tests/network
# "tcp4": one accepted, one refused), from 127.0.0.1 to 127.0.0.1 on its
# ports BASE and BASE + 1.
dtrace=$1
"$dtrace" -s tools/tcpconnect.d -c "$BDT_BUILD/tests/network tcp4" |
	awk 'NF == 0 { next } NR == 1 { print; next }
	     NR == 2 { base = $7 }
	     { print ($1 ~ /^[0-9]+$/), $2, $3, $4, ($5 > 0), $6, "BASE+" $7 - base }'
