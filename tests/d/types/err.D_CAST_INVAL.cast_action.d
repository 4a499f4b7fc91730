/* nor can an action's void be cast */
BEGIN
{
	x = (int)exit(0);
}
