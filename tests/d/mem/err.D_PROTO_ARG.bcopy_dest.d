/* bcopy() copies into alloca()'d memory only (a string copies by value) */
BEGIN
{
	s = (string)alloca(10);
	bcopy(probename, s, 5);
}
