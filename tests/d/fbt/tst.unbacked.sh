#!/bin/bash
#
# On a kernel that cannot trace its functions (no kprobes; fentry
# refused, as under lockdown), fbt probes are still listed (from BTF)
# and enabling one fails in one line that names the probe and the
# kernel's reasons, with exit status 1.
#
# @@needs: !kprobes
dtrace=$1
"$dtrace" -l -n fbt::vfs_read: | awk '{ print $2, $3, $4, $5 }'
"$dtrace" -qn 'fbt::vfs_read:entry { exit(0); }' 2>&1 |
	sed 's/: [A-Za-z ]*)$/: ...)/'
echo "exit ${PIPESTATUS[0]}"
