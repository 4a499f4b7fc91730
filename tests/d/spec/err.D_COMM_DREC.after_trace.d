/* commit() may not follow data-recording actions */
#pragma D option quiet

BEGIN
{
	trace(1);
	commit(1);
}
