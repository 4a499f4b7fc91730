/*
 * strstr, strchr and strrchr return NULL when nothing matches.  NULL
 * compares with a string on either side (and as 0), and, as DTrace for
 * Linux orders it, sorts before any other string, "" included, and
 * equals only NULL.  Variables of every kind can be assigned NULL and
 * keep it, and either side of ?: can be NULL when the other is a string.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", strstr("abc", "z") == NULL,
	    strstr("abc", "bc") != NULL, NULL == strchr("abc", 'z'),
	    NULL != strrchr("abc", 'z'));
	printf("%d %d %d\n", strchr("abc", 'b') == NULL,
	    strrchr("abcb", 'b') != NULL, strstr("abc", "") == NULL);
	printf("%d %d %d %d\n", strstr("abc", "z") == 0, "" == NULL,
	    "a" > NULL, strchr("a", 'z') < "a");
	printf("%s %s %s\n", strchr("abcb", 'b'), strrchr("abcb", 'b'),
	    strstr("abcabd", "abd"));
}

BEGIN
{
	g = strchr("abcdefghij", 'Z');
	this->l = strstr("ABCDEFGHIJ", "a");
	self->t = strrchr("abc", 'x');
	a[1234] = strchr("abc", 'x');
	printf("%d %d %d %d\n", g == NULL, this->l == NULL, self->t == NULL,
	    a[1234] == NULL);
	g = "set";
	g = NULL;
	self->t = "set";
	self->t = NULL;
	printf("%d %d %d\n", g == NULL, self->t == NULL, g == self->t);
	printf("%s %d\n", arg0 == 0 ? "yes" : NULL, (arg0 ? g : NULL) == NULL);
	exit(0);
}
