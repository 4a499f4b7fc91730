/*
 * Strings, string comparison: the relational operators compare strings
 * byte by byte like strcmp(3C); the Guide's execname == "..." predicate,
 * here on the workload.
 */
/* @@opts: -q */
/* @@trigger: workload -n guidecmp sleep */

BEGIN
{
	printf("%d %d %d\n", "abc" < "abd", "abc" <= "abc", "abd" > "abc");
	printf("%d %d %d\n", "a" < "ab", "" < "a", "B" < "a");
	printf("%d %d\n", "abc" == "abc", "abc" != "abc");
}

syscall:::entry
/execname == "guidecmp"/
{
	printf("%s %d\n", execname, execname != "tcsh");
	exit(0);
}
