/*
 * A pointer member of a translation may be set to NULL (the integer
 * constant 0 converts to any pointer) while other integers may not.
 */
/* @@opts: -q */

struct link {
	struct link *l_next;
	int l_n;
};

translator struct link < int N > {
	l_next = NULL;
	l_n = N;
};

BEGIN
{
	printf("%d %d\n", xlate <struct link> (4).l_next == NULL,
	    xlate <struct link *> (9)->l_n);
	exit(0);
}
