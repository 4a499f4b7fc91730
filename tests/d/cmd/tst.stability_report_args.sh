#!/bin/bash
#
# -v rates args[i] by its provider's argument attributes (proc's and
# io's Evolving/Evolving/ISA, syscall's Private/Private/ISA), through a
# translator too, not by the kernel types the translator reads; an
# inline by its "#pragma D attributes" (psinfo.d's Stable curpsinfo), in
# a D library or the program itself, else by its value's.
dtrace=$1
tmp=$(mktemp -d)
stmt()
{
	"$dtrace" -v -e "$@" 2>&1 | sed -n '/Minimum Statement/,/Class/p' |
	    tr -d '\t' | paste -sd' '
}
stmt -n 'proc:::signal-send { trace(args[1]->pr_fname); }'
stmt -n 'io:::start { trace(args[0]->b_bcount); }'
stmt -n 'syscall::read:entry { trace(args[0]); }'
stmt -n 'proc:::signal-send /args[2] == 9/ { trace(curpsinfo->pr_pid); }'
stmt -n 'BEGIN { trace(curpsinfo->pr_pid); trace(curlwpsinfo->pr_pri); }'
stmt -n 'BEGIN { trace(curthread->pid); }'
cat > "$tmp/attr.d" <<'D'
inline int mine = curthread->pid;
inline int priv = curthread->pid;
#pragma D attributes Evolving/Stable/Common mine

BEGIN { trace(mine); }
D
stmt -s "$tmp/attr.d"
sed -i 's/trace(mine)/trace(priv)/' "$tmp/attr.d"
stmt -s "$tmp/attr.d"
rm -rf "$tmp"
