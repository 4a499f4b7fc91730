/*
 * A predicate may read a global that only its clause's body creates
 * (checked after the body, as DTrace retries), beside one the
 * predicate itself creates (which the body cannot then read).
 */
#pragma D option quiet

BEGIN
/total == 0 && seen++ == 0/
{
	total = 2;
	printf("%d\n", total);
}

BEGIN
/total == 2/
{
	printf("%d\n", seen);
	exit(total - 2);
}
