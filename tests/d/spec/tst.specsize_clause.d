/*
 * A speculative clause whose own data goes past specsize ends at the
 * value that does not fit, as in Oracle's DTrace: a speculative drop,
 * and its later statements do not run.  Data that fits on its own but
 * not with what the speculation already holds is dropped while the
 * clause runs to its end.
 */
/* @@opts: -q -x specsize=40 */

BEGIN
{
	a = 0;
	b = 0;
	sid = speculation();
}

BEGIN
{
	speculate(sid);
	printf("%d %d", 1, 2);		/* 16 + 8 bytes: fits */
	a = 1;
}

BEGIN
{
	speculate(sid);
	printf("%d %d %d %d %d %d %d", 1, 2, 3, 4, 5, 6, 7); /* 16 + 28 */
	b = 1;
}

BEGIN
{
	speculate(sid);
	printf("%d %d %d %d", 3, 4, 5, 6);	/* fits alone, not after the first */
	a = 2;
}

BEGIN
{
	commit(sid);
}

BEGIN
{
	printf("\na %d b %d\n", a, b);
	exit(0);
}
