#!/bin/bash
#
# A 32-bit program built with a dtrace -h header runs: its probe and
# is-enabled sites are valid i386 code (on a kernel that runs 32-bit
# programs; a kernel may be built or booted without them).
# @@needs: ia32
dtrace=$1
. "$(dirname "$0")/hp32.inc"
./t32 && echo "32-bit program ran"
