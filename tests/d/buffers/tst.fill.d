/*
 * bufpolicy=fill: tracing stops when the buffer is full (4 KiB of
 * 16-byte records as DTrace counts them: the enabled probe id, padding,
 * an int64), less the 16 bytes kept for END; what filled it is printed,
 * then END.
 */
#pragma D option quiet
#pragma D option bufpolicy=fill
#pragma D option bufsize=4k
profile:::tick-1ms { printf("%d\n", ++i); }
END { printf("end %d\n", i); }
