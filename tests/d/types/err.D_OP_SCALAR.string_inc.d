/* ++ of a string: not a scalar */
BEGIN
{
	s = "abc";
	s++;
}
