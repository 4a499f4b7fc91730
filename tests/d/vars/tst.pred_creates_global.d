/*
 * A global the predicate creates by storing to it may be read by the
 * predicate and stored again by the body: the predicate is checked
 * first, so the body sees both globals with the predicate's types.
 */
/* @@opts: -q */

BEGIN
/(first++ == 0) ? (p = alloca(8)) != NULL : p != NULL/
{
	printf("first %d, p set %d\n", first, p != NULL);
	p = 0;
	printf("p cleared %d\n", p == NULL);
}

BEGIN
/seen == 0/
{
	seen++;
	printf("seen %d\n", seen);
	exit(0);
}
