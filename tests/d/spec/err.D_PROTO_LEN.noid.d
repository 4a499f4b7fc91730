/* speculate() takes the speculation id */
#pragma D option quiet

BEGIN
{
	speculate();
}
