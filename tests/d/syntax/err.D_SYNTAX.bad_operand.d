BEGIN
{
	x = 1 +* ;
}
