/* A control line cut short by the end of the file is an error. */

BEGIN
{
	exit(0);
}

#pragma D option quiet