#!/bin/bash
#
# The text after "syntax error near": the token, but for a name the
# program has not used before, the rest of its line (DTrace's lexer
# reads on past such a name to tell a variable from a type and leaves
# that text in yytext); and at the end of input "end of input", or
# "end-of-input" when the last token was such a name.
dtrace=$1
for prog in 'BEGIN { x = y z; }' 'BEGIN { y = 1; x = y y; }' \
    'int x; BEGIN { x = x x; }' 'BEGIN { x = 1 2; }' \
    'BEGIN { trace(1)' 'int*x'; do
	"$dtrace" -e -n "$prog" 2>&1 | head -n 1
done
