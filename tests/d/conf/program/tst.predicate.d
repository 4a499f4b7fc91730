/*
 * Program Structure chapter, predicates: a clause runs only when its
 * predicate is true (non-zero); a predicate may be any scalar or
 * string comparison, and one clause's variables can feed another's
 * predicate.
 */
/* @@opts: -q */

BEGIN
/1 == 2/
{
	printf("false predicate\n");
}

BEGIN
/execname == "dtrace"/
{
	printf("true predicate\n");
	n = 3;
}

BEGIN
/n/
{
	printf("n is %d\n", n);
}

BEGIN
/n > 5/
{
	printf("never\n");
}

BEGIN
{
	exit(0);
}
