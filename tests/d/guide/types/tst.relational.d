/*
 * Types, Operators, and Expressions, relational operators: on integers
 * and on strings (compared lexically), yielding 1 or 0; the Guide's
 * execname comparison in a predicate.
 */
/* @@opts: -q */
/* @@trigger: workload -n guiderel sleep */

BEGIN
{
	printf("%d %d %d %d %d %d\n", 1 < 2, 1 <= 1, 2 > 3, 3 >= 3, 4 == 4,
	    4 != 4);
	printf("%d %d %d\n", "abc" < "abd", "abc" == "abc", "b" > "abc");
}

syscall:::entry
/execname == "guiderel"/
{
	printf("%s\n", execname);
	exit(0);
}
