#!/bin/bash
# tools/funclatency.d with -c: a histogram of up_top()'s latency in
# nanoseconds (4 calls); the buckets vary, the heading and the total
# do not.
dtrace=$1
"$dtrace" -s tools/funclatency.d -c "$BDT_BUILD/tests/uprog -c 4 calls" up_top uprog |
	awk '/^uprog: / { next }
	     /\(ns\)|Distribution/ { print; next }
	     NF == 3 || NF == 2 { n += $NF }
	     END { print "calls:", n }'
