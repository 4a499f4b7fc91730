/* an index past the registers is an illegal operation */
#pragma D option quiet

BEGIN
{
	trace(uregs[100]);
}

BEGIN
{
	printf("after\n");
	exit(0);
}
