#!/bin/bash
# tools/funccount.d with -c: the calls of the program's up_* functions
# (tests/uprog.c: each once per "calls"), then of one object's only.
dtrace=$1
"$dtrace" -s tools/funccount.d -c "$BDT_BUILD/tests/uprog -c 3 calls" 'up_*' |
	grep -v '^uprog: '
"$dtrace" -s tools/funccount.d -c "$BDT_BUILD/tests/uprog -c 2 calls" 'up_[at]*' uprog |
	grep -v '^uprog: '
