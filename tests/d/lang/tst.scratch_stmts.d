/* @@opts: -C */
/*
 * A clause of many statements, each using scratch space for its own
 * temporaries (thread-local keys, strings, printf arguments): what one
 * statement used is free for the next, so the clause fits.
 */
#pragma D option quiet

self short s;
self unsigned char c;

#define T(x) self->s = (x); self->c = (x); \
	printf("%d %d %d\n", self->s, self->c, \
	strjoin(lltostr(self->s), "!") == "-4!")
#define T8(x) T(x); T((x) + 1); T((x) + 2); T((x) + 3); T((x) + 4); \
	T((x) + 5); T((x) + 6); T((x) + 7)

BEGIN
{
	T8(-4);
	T8(250);
	T8(65530);
	T8(-32770);
	T8(0x12345);
	T8(1000);
	exit(0);
}
