/*
 * Buffers and Buffering chapter, the fill policy: tracing stops once the
 * buffer is full (16-byte records, 4096 bytes less the 16 kept for END),
 * but room is kept for the END clause, whose output
 * still appears after everything that filled the buffer.
 */
#pragma D option quiet
#pragma D option bufpolicy=fill
#pragma D option bufsize=4k

tick-1ms
{
	printf("%d\n", ++i);
}

END
{
	printf("END after %d records that fit\n", i - 1);
}
