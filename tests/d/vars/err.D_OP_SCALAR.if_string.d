/* the condition of an if statement must be scalar */
BEGIN
{
	if ("abc")
		exit(0);
}
