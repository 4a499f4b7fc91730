/*
 * bcopy()'s source may be a string (DTrace types a string as an array
 * of char, which a void * parameter takes): its bytes are copied, and
 * the alloca()'d copy prints with %s through a cast to string.
 */
/* @@opts: -q */

BEGIN
{
	s = alloca(10);
	bcopy(probename, s, 5);
	printf("'%s'\n", (string)s);
	exit(0);
}
