#!/bin/bash
# D_PROTO_LEN in DTrace's words (dt_idcook_sign): a function with
# optional arguments wants "at least" its minimum or "at most" its
# maximum, a varargs one (printf) "at least" its fixed ones, and a
# fixed one just their count.  A -n program's error names its region.
dtrace=$1
for call in 'printf()' 'index("a")' 'rindex("a", "b", 1, 2)' \
    'substr("abc", 1, 2, 3)' 'strlen()' 'strjoin("a", "b", "c")'; do
	"$dtrace" -x errtags -e -n "BEGIN { $call; }" 2>&1 | head -1 |
	    sed "s/^.*\[D_/[D_/"
done
