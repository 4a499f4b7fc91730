/*
 * Without -q: the record of the clause that calls exit() (heading and
 * probe prefix, no data: aggregating is not recording), then the
 * aggregation at exit.
 */

tick-10ms
{
	@a = count();
	n++;
}

tick-10ms
/n == 10/
{
	exit(0);
}
