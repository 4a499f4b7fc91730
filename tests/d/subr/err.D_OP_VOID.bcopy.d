/* bcopy( ) returns nothing */
BEGIN
{
	x = bcopy(0, 0, 1);
}
