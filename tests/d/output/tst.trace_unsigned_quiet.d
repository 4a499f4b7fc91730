/*
 * With -q, trace() prints an integer without padding, unsigned 32- and
 * 64-bit values in full.
 */
/* @@opts: -q */

BEGIN
{
	trace((uint32_t)-1);
	trace(" ");
	trace((uint64_t)-1);
	trace(" ");
	trace((int64_t)-2);
	trace(" ");
	trace((uint16_t)65535);
	trace("\n");
	exit(0);
}
