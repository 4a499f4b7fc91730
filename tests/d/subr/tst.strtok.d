/*
 * strtok(): the state carries across calls in a clause; several
 * delimiters, runs of them, and a NULL first argument going on from the
 * last string; NULL when no token is left (tst.strnull_tok.d).
 */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("  a,b;;c  ", " ,;"));
	printf(" [%s]", strtok(NULL, " ,;"));
	printf(" [%s]", strtok(NULL, " ,;"));
	printf(" %d\n", strtok(NULL, " ,;") == NULL);
}

BEGIN
{
	printf("[%s]", strtok("/usr/lib:/bin", ":"));
	printf(" [%s]", strtok(NULL, "/"));
	printf(" [%s]\n", strtok("x", ""));
	exit(0);
}
