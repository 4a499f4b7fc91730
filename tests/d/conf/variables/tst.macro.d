/*
 * Variables chapter, macro variables: $0 the script name, $1.. the
 * arguments (integers as integers), $$1 an argument as a string, and
 * the process macro variables.
 */
/* @@opts: -q */
/* @@args: 42 hello */

BEGIN
{
	printf("%d %s %s\n", $1 + 1, $$2, $$1);
	printf("%d %d\n", $pid > 0, $target);
	printf("%d %d %d\n", $projid, $taskid, $sid > 0);
	exit(0);
}
