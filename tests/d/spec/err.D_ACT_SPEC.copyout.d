/* copyout() after speculate(): the ordering rule first, as in DTrace */
#pragma D option destructive
BEGIN
{
	speculate(speculation());
	copyout("a", 0, 1);
}
