/*
 * DTrace declares what it parses as it parses it: the error in this
 * declaration is reported, not the syntax error further down.
 */
struct a {
	struct b x;
};

BEGIN
{
	x = (1)(2);
}
