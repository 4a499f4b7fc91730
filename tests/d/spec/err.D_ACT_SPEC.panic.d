/*
 * A destructive action after speculate(): the ordering rule comes before
 * what this system cannot do (panic() has no BPF counterpart), as DTrace
 * would compile panic() and then refuse the order.
 */
#pragma D option destructive
BEGIN
{
	speculate(speculation());
	panic();
}
