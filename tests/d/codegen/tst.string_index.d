/*
 * A string is an array of char: s[i] is the char at offset i, for a
 * string in any kind of variable, an associative array element, a
 * built-in and a function's result.
 */
/* @@opts: -q */

BEGIN
{
	g = "global";
	self->t = "thread";
	this->c = "clause";
	names["x"] = "assoc";
	i = 3;
	printf("%c%c%c%c%c\n", g[0], self->t[1], this->c[2], names["x"][i],
	    probename[0]);
	printf("%d %d %d\n", g[5], g[6], strjoin("ab", "cd")[i]);
	printf("%d %d\n", execname[0] == 'd', sizeof (g[0]));
	exit(0);
}
