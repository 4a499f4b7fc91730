/*
 * Without -q, a clause with if/else prints its probe line once per
 * firing, followed by the output of the actions that ran.
 */

BEGIN
{
	if (1)
		trace(1);
	else
		trace(2);
	if (0)
		trace(3);
	trace(4);
	exit(0);
}
