/*
 * trace() prints an integer as its type says: unsigned 32- and 64-bit
 * values in full (not as -1), each size in its own width (" %3d",
 * " %5d", " %10d", " %19lld" signed, " %20llu" unsigned); plain with
 * -q (tst.trace_unsigned_quiet.d).
 */

BEGIN
{
	trace((uint32_t)-1);
	trace((uint64_t)-1);
	trace((int32_t)-1);
	trace((int64_t)-1);
	trace((uint8_t)200);
	trace((int8_t)-100);
	trace((uint16_t)60000);
	trace((int16_t)-30000);
	exit(0);
}
