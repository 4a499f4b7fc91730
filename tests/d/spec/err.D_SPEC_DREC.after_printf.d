/* speculate() may not follow data-recording actions */
#pragma D option quiet

BEGIN
{
	printf("x");
	speculate(1);
}
