/*
 * Program Structure chapter: pragmas D does not know are ignored, and
 * "#pragma D attributes" and "#pragma ident" are accepted.
 */
/* @@opts: -q */
#pragma ident "@(#)tst.pragma_ignored.d 1.0"
#pragma weak something
#pragma D attributes Evolving/Evolving/Common provider dtrace provider

BEGIN
{
	printf("ok\n");
	exit(0);
}
