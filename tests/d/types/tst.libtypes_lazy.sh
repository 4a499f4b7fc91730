#!/bin/bash
#
# The D libraries' types that name kernel types (io.d's struct io_req,
# ip.d's ipv4info_t and in6_addr_t, the translators to them) are
# checked at their first use: a program that uses none parses no
# kernel BTF (start-up stays in milliseconds), and one that names them
# gets them, with their sizes and members.  Counted as opens of
# /sys/kernel/btf/vmlinux.
#
# @@needs: cmd:strace
dtrace=$1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# (LeakSanitizer cannot run under ptrace: a sanitized build's leak check
# is left to the other tests)

opens() {
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	    strace -f -qq -e trace=openat -o "$log" "$dtrace" -q "$@"
	echo "exit $?, vmlinux BTF opened $(grep -c '/sys/kernel/btf/vmlinux' "$log") time(s)"
}

opens -n 'BEGIN { printf("%d\n", sizeof(bufinfo_t) > 0); exit(0); }'
opens -n 'BEGIN { printf("%d %d\n", sizeof(struct io_req),
	offsetof(ipv4info_t, ipv4_hdr)); exit(0); }'
opens -n 'BEGIN { this->r = (struct net_ref *)0; this->h = (ipv6info_t *)0;
	printf("%d %d\n", sizeof(*this->r), sizeof(*this->h)); exit(0); }'
# the libraries' typedef names are type names to a program's parser
opens -n 'BEGIN { printf("%d %d\n", sizeof(in6_addr_t), sizeof(pktinfo_t));
	exit(0); }'
# a user's own declaration of a name a library declares is refused, as
# when the library's declarations are checked before the program
"$dtrace" -q -n 'typedef int ipinfo_t; BEGIN { exit(0); }' 2>&1 | head -1
