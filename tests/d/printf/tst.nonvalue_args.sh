#!/bin/bash
# An aggregation or an action given to printf() as a value is checked
# against the format as DTrace does: D_PRINTF_ARG_TYPE with the
# argument's type "aggregation" or "void", not an expression error.
dtrace=$1
"$dtrace" -x errtags -e -n 'BEGIN { @n = count(); printf("%s %x\n", "n", @n); }' 2>&1 |
	head -4
"$dtrace" -x errtags -e -n 'BEGIN { printf("%d\n", exit(0)); }' 2>&1 | head -4
# an argument the format does not consume keeps its own error
"$dtrace" -x errtags -e -n 'BEGIN { printf("%d\n", 1, @m); }' 2>&1 | head -1
# stringof() of an action is of a void value, as in DTrace
"$dtrace" -x errtags -e -n 'BEGIN { printf("%s", stringof(exit(0))); }' 2>&1 |
	head -1
