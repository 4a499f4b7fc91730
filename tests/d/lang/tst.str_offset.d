/*
 * A string and an integer with + or -: D treats the string as a pointer
 * to its characters, so s + i is s from its i-th byte, whatever holds s
 * (a literal, a global, a clause-local, a thread-local, an associative
 * array element, a built-in).  An offset past the end gives "", one
 * before the start the whole string.
 */
/* @@opts: -q */

BEGIN
{
	g = "hello world";
	printf("[%s] [%s] [%s]\n", g + 6, 3 + g, g - -1);
	printf("[%s] [%d]\n", "literal" + 3, strlen(g + 4));
	this->l = "abcdef";
	self->t = "ghijkl";
	a[1] = "mnopqr";
	printf("[%s] [%s] [%s]\n", this->l + 1, self->t + 2, a[1] + 3);
	i = 5;
	printf("[%s] [%s]\n", g + i, g + (i + 1));
	printf("[%d] [%d]\n", g + 6 == "world", g + 6 < g);
	k[g + 6] = 7;
	printf("[%d]\n", k["world"]);
	printf("[%s] [%s]\n", g + 100, g - 3);
	printf("[%s]\n", execname + 1);
	exit(0);
}
