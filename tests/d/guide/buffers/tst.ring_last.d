/*
 * Buffers and Buffering chapter, the ring policy: the buffer keeps only
 * the most recent records and prints them when tracing stops.  Each
 * printf() record here is 16 bytes as DTrace counts them (the enabled
 * probe id, padding, an int64) and the exit() record 8, so a 72-byte
 * buffer keeps the last four counts and the exit() record.
 */
#pragma D option quiet
#pragma D option bufpolicy=ring
#pragma D option bufsize=72

tick-1ms
{
	printf("%d\n", ++i);
}

tick-1ms
/i == 10/
{
	exit(0);
}
