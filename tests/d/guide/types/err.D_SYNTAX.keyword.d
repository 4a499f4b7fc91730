/*
 * Types, Operators, and Expressions, identifier names and keywords: D
 * reserves the ANSI-C keywords and its own (translator, self, this ...);
 * a reserved word cannot name a variable.
 */

BEGIN
{
	translator = 1;
}
