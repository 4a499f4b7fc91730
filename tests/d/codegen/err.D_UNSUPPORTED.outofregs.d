/*
 * Found by tests/fuzz/gen_d.c (several seeds): an expression that
 * needs more registers than BPF has is refused at the expression, not at
 * its clause's probe description.
 */
this string s;
self int x;

BEGIN
{
	this->s = "abc";
	self->x &= ("a" >= (strstr(probename, tolower((strstr(this->s, "b") !=
	    NULL ? "f" : "n"))) != NULL ? "f" : "n"));
	exit(0);
}
