/* contradictory attributes name no type DTrace knows */
BEGIN
{
	x = (unsigned signed char)1;
}
