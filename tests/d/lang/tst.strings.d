/*
 * Strings compare by content with == != < >, in predicates and in
 * expressions; a string global copies its value.
 */
/* @@opts: -q */

BEGIN
{
	s = "hello";
	printf("%d %d\n", s == "hello", s != "hello");
	printf("%d %d\n", s == "world", s != "world");
	printf("%d %d %d\n", "abc" < "abd", "b" > "a", "abc" <= "ab");
	t = s;
	s = "other";
	printf("%s %s %d\n", t, s, t == s);
}

BEGIN
/t == "hello"/
{
	printf("predicate on a string\n");
}

BEGIN
/t != "hello"/
{
	printf("not reached\n");
}

BEGIN
{
	exit(0);
}
