#!/bin/bash
#
# -V prints the D language version as DTrace does and exits 0.

"$1" -V
echo "status $?"
