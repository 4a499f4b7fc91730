/*
 * The Guide's speculation life cycle: data recorded after speculate()
 * appears only if its speculation is committed; a discarded one's data
 * never appears; speculation() returns 0 when every buffer is in use
 * (nspec=1), and speculate(0) throws the data away.
 */
/* @@opts: -q -x nspec=1 */

BEGIN
{
	a = speculation();
	b = speculation();
	printf("a %s, b %d\n", a != 0 ? "non-zero" : "zero", b);
	c = 0;
	done = 0;
	n = 0;
}

BEGIN
{
	speculate(a);
	printf("committed data\n");
}

BEGIN
{
	speculate(b);
	printf("never seen\n");
}

BEGIN
{
	commit(a);
}

tick-10ms
/!c/
{
	c = speculation();
}

tick-10ms
/c && !done/
{
	speculate(c);
	printf("discarded data\n");
}

tick-10ms
/c && !done/
{
	discard(c);
	done = 1;
}

tick-10ms
/done && ++n == 5/
{
	printf("end\n");
	exit(0);
}
