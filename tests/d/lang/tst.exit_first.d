/*
 * exit() ends tracing once, as in DTrace: the rest of its own clause
 * still runs, the later clauses of the same firing do not (so their
 * exit() cannot change the status), and END still fires.
 */
/* @@opts: -q */
/* @@exit: 3 */

BEGIN
{
	exit(3);
	printf("rest of the clause\n");
}

BEGIN
{
	printf("a later clause\n");
	exit(4);
}

END
{
	printf("END\n");
}
