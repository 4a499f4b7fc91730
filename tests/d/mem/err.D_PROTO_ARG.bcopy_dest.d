/* bcopy() copies into alloca()'d memory only, not to any other pointer */
BEGIN
{
	p = (char *)arg0;
	bcopy(probename, p, 5);
}
