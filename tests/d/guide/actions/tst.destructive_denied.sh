#!/bin/bash
#
# Actions chapter: destructive actions such as system() are refused
# unless dtrace runs with -w (or the destructive option).
#
dtrace=$1
$dtrace -n 'BEGIN { system("true"); exit(0); }' 2>&1
echo "status $?"
