BEGIN
{
	if x { trace(1); }
}
