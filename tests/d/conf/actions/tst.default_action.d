/*
 * A clause with no actions takes the default action: it traces the
 * probe, printing the CPU, ID and FUNCTION:NAME line and nothing else;
 * a clause that only assigns records nothing.
 */

BEGIN
{
}

BEGIN
{
	x = 1;
}

BEGIN
/x == 1/
{
	exit(0);
}
