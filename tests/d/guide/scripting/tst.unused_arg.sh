#!/bin/bash
#
# Scripting, macro arguments: an argument that the program never
# references is an error ("extraneous argument"), so a mistyped script
# invocation does not go unnoticed; the D_MACRO_UNUSED tag.

dtrace=$1
$dtrace -x errtags -q -n 'BEGIN { trace($1); exit(0); }' 1 2 2>&1 |
    grep -o '\[D_MACRO_UNUSED\]' | head -1
echo "exit ${PIPESTATUS[0]}"
