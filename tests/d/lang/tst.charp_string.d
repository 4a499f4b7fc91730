/*
 * A string assigned to a char pointer variable makes it point at the
 * string's bytes, as DTrace takes both as strings; NULL is 0.
 */
/* @@opts: -q */

char *p;
self char *q;

BEGIN
{
	p = probeprov;
	self->q = "xyz";
	printf("%c%c %c %d\n", p[0], p[1], self->q[2], p == NULL);
	p = strstr("abc", "z");
	printf("%d\n", p == NULL);
	exit(0);
}
