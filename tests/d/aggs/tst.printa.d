/*
 * printa() with a format: %@d takes the value, the other conversions
 * the keys; a printa() without a format prints like the exit listing
 * after a blank line.  Printed aggregations are not printed again at
 * exit.
 */
/* @@opts: -q */

BEGIN
{
	@c["b"] = count();
	@c["a"] = count();
	@c["a"] = count();
	printa("%s=%@d\n", @c);
	@d[1] = count();
	printa(@d);
	exit(0);
}
