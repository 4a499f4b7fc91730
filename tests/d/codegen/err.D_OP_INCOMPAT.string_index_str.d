/* A string's subscript must be an integer. */

BEGIN
{
	s = "abc";
	trace(s["x"]);
	exit(0);
}
