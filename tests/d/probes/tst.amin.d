/*
 * -x amin: dtrace:::BEGIN names its provider and its name, both
 * Stable/Stable/Common, so an amin of Evolving/Evolving/Common allows
 * it (the module and function it leaves empty count for nothing), as
 * does a partial amin (the components given); case does not matter.
 */
#pragma D option amin=evolving/Evolving/common
#pragma D option quiet

dtrace:::BEGIN
{
	printf("ran\n");
	exit(0);
}
