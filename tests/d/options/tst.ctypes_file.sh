#!/bin/bash
#
# -x ctypes=FILE and -x dtypes=FILE write DTrace's "C" and "D" type
# containers as CTF dictionaries that objdump reads: C's intrinsics and
# what a header cpp included declares in C; D's typedefs and the
# program's own struct, union (bit-field, typedef'd and array members),
# enum and typedef in D, with the C type they use copied in; kernel
# types a member names are forward declarations or typedefs.  Type ids
# are shown as T1, T2 ... in order of first appearance from the program's
# first type on, so that the D libraries' types before it do not matter.
#
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/hdr.h" <<'H'
struct hdr { long len; unsigned char kind; };
typedef unsigned int hflags_t;
H
cat > "$tmp/prog.d" <<'D'
#include "hdr.h"
struct pt { int x; char name[8]; struct pt *next; unsigned flag:3; hflags_t f; };
union num { long l; uint32_t w[2]; };
enum color { RED, GREEN = 4, BLUE };
typedef struct pt pt_t;
struct kref { struct task_struct *task; vmlinux`u32 id; };
BEGIN { exit(0); }
D

$dtrace -q -C -I"$tmp" -x ctypes="$tmp/c.ctf" -x dtypes="$tmp/d.ctf" \
	-s "$tmp/prog.d" || exit 1

# show CONTAINER FIRST: the header's version and name, then the type
# lines from the one matching FIRST on
show() {
	objcopy --add-section=.ctf="$tmp/$1.ctf" /bin/true "$tmp/$1.o" ||
		exit 1
	objdump --ctf=.ctf "$tmp/$1.o" | gawk -v first="$2" '
	/^ *(Version|Compilation unit name):/ { sub(/^ */, ""); print; next }
	/^  Types:/ { on = 1; next }
	/^  Strings:/ { on = 0 }
	on && $0 ~ first { shown = 1 }
	on && shown && NF {
		line = $0; out = ""
		while (match(line, /0x[0-9a-f]+: \(kind/)) {
			id = substr(line, RSTART, RLENGTH - 7)
			if (!(id in ids))
				ids[id] = "T" ++n
			out = out substr(line, 1, RSTART - 1) ids[id] ": (kind"
			line = substr(line, RSTART + RLENGTH)
		}
		print out line
	}'
}

show c '^    0x1:'
show d 'struct pt \\('
