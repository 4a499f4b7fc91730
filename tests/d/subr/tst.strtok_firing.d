/*
 * strtok()'s state lasts for the whole probe firing, as DTrace's: a
 * clause (or a predicate) may go on tokenising the string an earlier
 * clause of the same firing started on.
 */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("/usr//local/bin/", "/"));
}

BEGIN
/(this->t = strtok(NULL, "/")) != NULL/
{
	printf(" [%s]", this->t);
}

BEGIN
{
	printf(" [%s]", strtok(NULL, "/"));
	printf(" %d\n", strtok(NULL, "/") == NULL);
}

BEGIN
{
	printf("[%s]", strtok("k1=v1,k2=v2", ","));
}

BEGIN
{
	printf(" [%s] [%s]\n", strtok(NULL, "="), strtok(NULL, ",="));
	exit(0);
}
