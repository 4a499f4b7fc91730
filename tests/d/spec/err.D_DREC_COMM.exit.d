/* data-recording actions (exit) may not follow commit() */
#pragma D option quiet

BEGIN
{
	commit(1);
	exit(0);
}
