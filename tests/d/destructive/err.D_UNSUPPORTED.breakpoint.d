/* breakpoint() is refused */
#pragma D option quiet

BEGIN
{
	breakpoint();
}
