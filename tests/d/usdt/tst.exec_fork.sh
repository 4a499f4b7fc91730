#!/bin/bash
#
# A process followed that starts a program stays a descendant of the -c
# command: the children it forks afterwards are followed, and fire the
# command's probes (pid$target's malloc, whose uprobe is on libc, which
# the new program maps too) and the new program's own (uprog<PID>:::pair,
# found as the program started; a provider glob that does not end in
# '*' puts no uprobe in every process that maps the file, so only
# following the child can give it these), as the children of a process
# that did not exec fire its probes.  Here the -c shell forks, its child
# execs uprog, and uprog's child calls malloc(24) and fires pair; uprog
# itself waits.  Both with bpf_send_signal_task() (Linux 6.13) and
# without it (BDT_FORK_KFUNC=0, the way of older kernels).
dtrace=$1
prog=$BDT_BUILD/tests/uprog
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/run.sh" <<SH
#!/bin/sh
$prog fork calls usdt
true
SH
chmod +x "$dir/run.sh"
cat > "$dir/t.d" <<'D'
pid$target:libc.so.6:malloc:entry
/execname == "uprog" && arg0 == 24/
{
	printf("malloc(24) in uprog%s: %s probe\n",
	    ppid == $target ? "" : "'s child",
	    probeprov == strjoin("pid", lltostr($target)) ? "the command's" :
	    "another");
}

uprog*[0-9]:::pair
/progenyof($target)/
{
	printf("pair in uprog%s: %s probe\n",
	    ppid == $target ? "" : "'s child",
	    probeprov == strjoin("uprog", lltostr(ppid)) ? "its parent's" :
	    probeprov == strjoin("uprog", lltostr(pid)) ? "its own" :
	    "another");
}
D
for k in 1 0; do
	echo "BDT_FORK_KFUNC=$k:"
	BDT_FORK_KFUNC=$k "$dtrace" -qZ -c "$dir/run.sh" -s "$dir/t.d" 2>&1 |
	    grep -v '^uprog: '
	echo "status ${PIPESTATUS[0]}"
done
