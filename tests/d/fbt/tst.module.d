/*
 * A module's functions are fbt:MODULE:FUNCTION (the guest of tests/vm/
 * reads its root over 9p): probemod is the module's name.
 */
/* @@needs: kprobes module:9p */
/* @@trigger: workload -n bdt-fbt open /etc/hostname */
#pragma D option quiet

fbt:9p::entry
/execname == "bdt-fbt"/
{
	printf("%s\n", probemod);
	exit(0);
}
