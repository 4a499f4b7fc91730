/*
 * Scripting, macro arguments: $1.. are the arguments after the script,
 * an integer argument used as an integer; $$1 is the same argument as
 * a string; the Guide's /pid == $1/ predicate form with a given value.
 */
/* @@opts: -q */
/* @@args: 100 hello */

BEGIN
/$1 == 100/
{
	printf("%d %s %s\n", $1 * 2, $$1, $$2);
	exit(0);
}
