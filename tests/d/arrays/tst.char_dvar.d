/*
 * A char array assigned to a string dynamic variable (thread-local,
 * clause-local or associative array element declared string) is stored
 * as the string it holds, a copy independent of the array; a variable
 * not declared string would take the array's type, which D refuses
 * (err.D_OP_ARRFUN.char_dvar.d).
 */
#pragma D option quiet

struct named { char name[8]; int v[2]; } n;
self string s;
this string s;
string names[string];

BEGIN
{
	n.name[0] = 'a'; n.name[1] = 'b'; n.name[2] = 'c';
	self->s = n.name;
	this->s = n.name;
	names["x"] = n.name;
	n.name[0] = 'z';
	printf("%s %s %s\n", self->s, this->s, names["x"]);
	printf("%d\n", strlen(self->s));
	exit(0);
}
