/*
 * printa() with a format: the keys take the conversions in order,
 * %@ the value; widths and flags apply to both; text around them is
 * printed once per entry.
 */
/* @@opts: -q */

BEGIN
{
	@a["read", 3] = count();
	@a["write", 12] = count();
	@a["write", 12] = count();
	printa("%-8s|%4d|%@5d|\n", @a);
	printa("%s %d => %@x\n", @a);
	exit(0);
}
