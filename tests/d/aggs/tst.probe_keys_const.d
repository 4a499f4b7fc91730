/*
 * Probe-string keys in clauses of one probe each (the string's offset a
 * constant), the same aggregation updated from BEGIN and END.
 */
/* @@opts: -q */

BEGIN
{
	@[probename, probeprov] = count();
	@b[probename] = sum(3);
}

END
{
	@[probename, probeprov] = count();
}

BEGIN
{
	exit(0);
}
