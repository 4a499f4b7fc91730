#!/bin/bash
#
# With a provider glob, the programs that a -c command and its
# descendants start while tracing (a child of its shell, a grandchild
# through "sh -c", and the command itself by exec) are stopped as they
# start and the D program compiled again against them, so their USDT
# and pid probes fire from their first instruction; a process's exec
# leaves its ancestor's probes behind.  Both with bpf_send_signal_task()
# (Linux 6.13) and without it (BDT_FORK_KFUNC=0, the way of older
# kernels, where a child stops itself as it returns from fork()).
dtrace=$1
. "$(dirname "$0")/exprov.sh"
exprov_setup
cat > run.sh <<SH
#!/bin/sh
$dir/ex 1
sh -c '$dir/ex 2; true'
exec $dir/ex 3
SH
chmod +x run.sh
for k in 1 0; do
	echo "BDT_FORK_KFUNC=$k:"
	BDT_FORK_KFUNC=$k "$dtrace" -qZ -c ./run.sh -n '
	exprov*:::go
	{
		printf("go %d %s\n", arg0, pid == $target ? "target" : "descendant");
	}
	pid*:ex:main:entry
	{
		printf("entry %s\n", probeprov == strjoin("pid", lltostr(pid)) ?
		    "own" : probeprov);
	}' | sort
	echo "status ${PIPESTATUS[0]}"
done
