/*
 * Variables chapter: clause-local variables may be declared with a
 * type ("this int x;"); stores then truncate to that type.
 */
/* @@opts: -q */

this char c;
this string s;

BEGIN
{
	this->c = 300;
	this->s = "decl";
	printf("%d %s\n", this->c, this->s);
	exit(0);
}
