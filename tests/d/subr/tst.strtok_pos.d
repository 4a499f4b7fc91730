/*
 * strtok() leaves its position on the delimiter that ended a token, as
 * DTrace does: a following strtok(NULL, d) with other delimiters starts
 * its token at that character unless d holds it too.
 */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("key=val;next=2", "="));
	printf(" [%s]", strtok(NULL, ";"));
	printf(" [%s]", strtok(NULL, "=;"));
	printf(" [%s]", strtok(NULL, "x"));
	printf(" %d\n", strtok(NULL, "x") == NULL);
	exit(0);
}
