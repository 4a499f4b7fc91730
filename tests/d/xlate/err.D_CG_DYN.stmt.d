/*
 * An expression statement whose value is a pointer to translated data
 * (here through the curpsinfo inline): the translated struct exists
 * only as its members, so there is no value to compute.
 */
BEGIN
{
	curpsinfo;
	exit(0);
}
