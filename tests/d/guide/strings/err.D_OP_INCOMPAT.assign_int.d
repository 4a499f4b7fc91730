/*
 * Strings, string assignment: a string variable cannot be assigned an
 * integer.
 */

string s;

BEGIN
{
	s = 123;
}
