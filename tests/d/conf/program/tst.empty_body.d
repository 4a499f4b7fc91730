/*
 * Program Structure chapter: a clause with an empty body takes the
 * default action, which records the probe and prints its line.
 */

BEGIN
{
}

BEGIN
{
	exit(0);
}
