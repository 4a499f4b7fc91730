/*
 * Aggregations chapter: the aggregation named "@" alone (no name) is the
 * common case in one-liners; without keys it prints one value.
 */
/* @@opts: -q */
/* @@trigger: workload -n gaggun -c 5 -i 0 read */

BEGIN
{
	printf("tracing\n");
}

syscall::read:entry
/execname == "gaggun"/
{
	@ = count();
}

syscall::pause:entry
/execname == "gaggun"/
{
	exit(0);
}
