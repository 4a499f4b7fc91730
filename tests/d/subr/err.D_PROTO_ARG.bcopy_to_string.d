/*
 * bcopy( ) writes its destination: a string is no place to write, though
 * it may be the source (a void * there, as DTrace's prototype check has
 * it).
 */
BEGIN
{
	s = (string)alloca(10);
	bcopy(probename, s, 5);
	exit(0);
}
