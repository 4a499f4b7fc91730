/*
 * Variables chapter, macro variables: $0 the script name, $1.. the
 * arguments (integers as integers), $$1 an argument as a string, $target
 * without -c/-p, and the Solaris-only project and task ids (0 on
 * Linux). The process ids are checked against ps in tst.macro_ids.sh.
 */
/* @@opts: -q */
/* @@args: 42 hello */

BEGIN
{
	printf("%d %s %s\n", $1 + 1, $$2, $$1);
	printf("%d %d\n", $pid > 0, $target);
	printf("%d %d\n", $projid, $taskid);
	exit(0);
}
