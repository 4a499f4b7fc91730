/* vtimestamp: the thread's CPU time, which grows while it spins */
/* @@trigger: workload -n bdt-vts spin */
#pragma D option quiet

self uint64_t first;

profile-97
/execname == "bdt-vts" && self->first == 0/
{
	self->first = vtimestamp;
}

profile-97
/execname == "bdt-vts" && self->first && vtimestamp > self->first + 10000000/
{
	printf("grew\n");
	exit(0);
}
