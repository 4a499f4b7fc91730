# Sourced by the scripts that run bdtrace in tests/vm/'s guest.
#
# vm_snapshot BUILD DIR: copies BUILD/dtrace, its workloads, the
# user-space tests' programs and lib/dtrace into DIR (DIR/build/...,
# DIR/lib/dtrace), so that a rebuild on the host while the guest runs
# changes nothing in it.  Run from the repository root.
vm_snapshot() {
	local build=$1 dir=$2 t
	mkdir -p "$dir/build/tests" "$dir/lib" || return 1
	cp "$build/dtrace" "$dir/build/dtrace" || return 1
	# the workloads, and the user-space tests' programs (tests/uprog.c ...)
	for t in workload kwork network uprog uprog-static uprog-stripped \
		 libuprog.so uthrow; do
		[ -e "$build/tests/$t" ] && cp "$build/tests/$t" "$dir/build/tests/$t"
	done
	cp -r lib/dtrace "$dir/lib/dtrace"
}

# vm_console_filter: the guest's output without the console's own lines
# (its boot messages and qemu-run.sh's markers).
vm_console_filter() {
	grep -v -E '^(GUEST-READY|GUEST-EXIT=|\[ *[0-9]+\.[0-9]+\] )'
}
