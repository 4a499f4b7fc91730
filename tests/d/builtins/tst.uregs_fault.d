/* a computed index past the registers is an illegal operation */
#pragma D option quiet

BEGIN
{
	i = 100;
	trace(uregs[i]);
}

BEGIN
{
	printf("after\n");
	exit(0);
}
