/*
 * In D version 1.0 the identifiers introduced later (strstr, index,
 * htonl ...) are ordinary names a program may declare, as in DTrace.
 */
/* @@opts: -q */
#pragma D option version=1.0

int strstr;
int index;
int htonl;

BEGIN
{
	strstr = 1;
	index = 2;
	htonl = 3;
	printf("%d\n", strstr + index + htonl);
	exit(0);
}
