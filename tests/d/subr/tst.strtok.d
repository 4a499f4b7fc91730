/*
 * strtok(): the state carries across calls in a clause; several
 * delimiters, runs of them, and a first argument of 0 (NULL) going on from the
 * last string; "" when no token is left.
 */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("  a,b;;c  ", " ,;"));
	printf(" [%s]", strtok(0, " ,;"));
	printf(" [%s]", strtok(0, " ,;"));
	printf(" [%s]\n", strtok(0, " ,;"));
}

BEGIN
{
	printf("[%s]", strtok("/usr/lib:/bin", ":"));
	printf(" [%s]", strtok(0, "/"));
	printf(" [%s]\n", strtok("x", ""));
	exit(0);
}
