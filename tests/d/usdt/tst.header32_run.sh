#!/bin/bash
#
# A 32-bit program built with a dtrace -h header runs: its probe and
# is-enabled sites are valid i386 code (on a kernel that runs 32-bit
# programs; a kernel may be built or booted without them).
# @@needs: ia32
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
printf 'provider hp {\n\tprobe go(int);\n};\n' > prov.d
"$dtrace" -h -s prov.d || exit 1
cat > t.c <<'C'
#include "prov.h"

int main(void)
{
	if (HP_GO_ENABLED())
		HP_GO(1);
	HP_GO(2);
	return 0;
}
C
gcc -m32 -o t32 t.c || exit 1
./t32 && echo "32-bit program ran"
