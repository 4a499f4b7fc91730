#!/bin/bash
# make install under DESTDIR, PREFIX=/opt/bdt: the files where
# docs/packaging.md says, the D libraries and tools as the sources have
# them, and the installed dtrace compiles with the installed libraries
# (curpsinfo is psinfo.d's translator) and traces BEGIN.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# what the build has, as it is: make builds nothing (-o), however old
# its files seem to it (the dtrace under test may be another build's)
make -s -o "$BDT_BUILD/dtrace" -o "$BDT_BUILD/dtrace.8" \
	-o "$BDT_BUILD/completion/dtrace" install B="$BDT_BUILD" \
	DESTDIR="$tmp" PREFIX=/opt/bdt
echo "make install: $?"
p=$tmp/opt/bdt
(cd "$tmp" && find . -path '*/lib/dtrace/?*' -prune -o \
	-path '*/share/dtrace/tools/?*' -prune -o -printf '%M %p\n' | sort -k2)
diff <(cd "$p/lib/dtrace" && ls) <(cd lib/dtrace && ls -- *.d) &&
	echo "lib/dtrace: lib/dtrace/*.d"
diff <(cd "$p/share/dtrace/tools" && ls) <(cd tools && ls -- *.d) &&
	echo "share/dtrace/tools: tools/*.d"
cmp -s "$p/share/bash-completion/completions/dtrace" \
	"$BDT_BUILD/completion/dtrace" && echo "completion: build/completion/dtrace"
"$p/sbin/dtrace" -qn 'BEGIN { printf("%d %s\n", curpsinfo->pr_pid == pid,
	curpsinfo->pr_fname); exit(0) }'
echo "exit: $?"
