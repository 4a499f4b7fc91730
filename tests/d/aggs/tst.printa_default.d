/*
 * printa(@) without a format: a blank line, then the entries sorted by
 * value, as at exit.  Printed aggregations are not listed again at
 * exit.  printa() acts when its record is read, after the rest of the
 * firing: @e already has its entry.
 */
/* @@opts: -q */

BEGIN
/0/
{
	@e["unused", 0] = sum(0);
}

BEGIN
{
	@c["x"] = count();
	@c["y"] = count();
	@c["y"] = count();
	printa(@c);
	printa(@e);
	@e["z", 3] = sum(30);
	printf("end\n");
	exit(0);
}
