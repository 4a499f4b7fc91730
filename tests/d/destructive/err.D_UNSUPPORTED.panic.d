/* panic() is refused */
#pragma D option quiet

BEGIN
{
	panic();
}
