/*
 * curcpu is a pointer to this CPU's cpuinfo_t, as in DTrace: it can be
 * cast to an integer (the address), compared, stored in a variable and
 * dereferenced through it.
 */
/* @@opts: -q */

BEGIN
{
	p = curcpu;
	printf("%d %d %d %d\n", curcpu->cpu_id == cpu, p->cpu_id == cpu,
	    curcpu->cpu_pset, curcpu->cpu_chip);
	printf("%d %d\n", (int64_t)curcpu != 0, ((uint64_t)curcpu) >> 8 != 0);
	printf("%d %d\n", curcpu != NULL, sizeof (*curcpu));
	exit(0);
}
