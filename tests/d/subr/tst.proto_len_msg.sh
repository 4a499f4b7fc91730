#!/bin/bash
# D_PROTO_LEN in DTrace's words: a function with optional arguments
# wants "at least" its minimum whether it got too few or too many, a
# varargs one (printf) and a fixed one just their count.
dtrace=$1
for call in 'printf()' 'index("a")' 'rindex("a", "b", 1, 2)' \
    'substr("abc", 1, 2, 3)' 'strlen()' 'strjoin("a", "b", "c")'; do
	"$dtrace" -x errtags -e -n "BEGIN { $call; }" 2>&1 | head -1 |
	    sed "s/^.*\[D_/[D_/"
done
