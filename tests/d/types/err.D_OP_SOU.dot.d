/* . needs a struct or union */
BEGIN
{
	trace(pid.x);
}
