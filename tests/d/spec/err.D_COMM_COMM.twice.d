/* commit() may not follow commit() */
#pragma D option quiet

BEGIN
{
	commit(1);
	commit(1);
}
