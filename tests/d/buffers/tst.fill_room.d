/*
 * bufpolicy=fill counts a record's room as DTrace lays it out: a 4-byte
 * enabled probe id and the data, here one int, 8 bytes a record.  A
 * 40-byte buffer takes five; the sixth does not fit, is not written, and
 * tracing stops (without a drop message, as a full fill buffer is not a
 * drop).
 */
#pragma D option quiet
#pragma D option bufpolicy=fill
#pragma D option bufsize=40

BEGIN { printf("%d\n", (int)1); }
BEGIN { printf("%d\n", (int)2); }
BEGIN { printf("%d\n", (int)3); }
BEGIN { printf("%d\n", (int)4); }
BEGIN { printf("%d\n", (int)5); }
BEGIN { printf("%d\n", (int)6); }
BEGIN { printf("%d\n", (int)7); }
tick-1s { printf("tracing went on\n"); exit(1); }
