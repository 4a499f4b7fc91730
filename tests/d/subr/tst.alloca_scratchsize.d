/*
 * scratchsize bounds a constant alloca(): an allocation of exactly
 * that size is allowed.
 */
#pragma D option quiet
#pragma D option scratchsize=512

BEGIN
{
	p = (char *)alloca(512);
	p[511] = 'z';
	printf("%c\n", p[511]);
	exit(0);
}
