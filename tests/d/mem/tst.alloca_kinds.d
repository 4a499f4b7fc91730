/*
 * What stays alloca()'d memory, and so may be a bcopy() destination or
 * share a variable with alloca(): &p[i] and p + i of an alloca pointer,
 * and NULL, which may be stored into either kind of variable.
 */
#pragma D option quiet

BEGIN
{
	s = (char *)alloca(4);
	s = NULL;
	s = (char *)alloca(4);
	bcopy("ab", &s[1], 2);
	t = s + 1;
	t = t + 1;
	s[0] = 'x';
	s[3] = '\0';
	printf("%s %c %c\n", stringof(s), *t, s[1]);
	exit(0);
}
