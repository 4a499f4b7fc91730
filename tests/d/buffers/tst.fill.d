/*
 * bufpolicy=fill: tracing stops when the buffer is full (4 KiB of
 * 32-byte records); what filled it is printed, then END.
 */
#pragma D option quiet
#pragma D option bufpolicy=fill
#pragma D option bufsize=4k
profile:::tick-1ms { printf("%d\n", ++i); }
END { printf("end %d\n", i); }
