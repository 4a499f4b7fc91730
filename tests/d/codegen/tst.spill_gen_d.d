/*
 * Found by tests/fuzz/gen_d.c (several seeds): a string comparison
 * whose right side nests strstr(), tolower() and ?: holds more values
 * than BPF has registers.  It was refused as "out of registers"; the
 * values waiting now go to the stack, and it runs.
 */
/* @@opts: -q */
this string s;
self int x;

BEGIN
{
	this->s = "abc";
	self->x = 7;
	self->x &= ("a" >= (strstr(probename, tolower((strstr(this->s, "b") !=
	    NULL ? "f" : "n"))) != NULL ? "f" : "n"));
	printf("%d\n", self->x);
	self->x = 7;
	self->x &= ("z" >= (strstr(probename, toupper((strstr(this->s, "b") !=
	    NULL ? "gin" : "n"))) != NULL ? "f" : "n"));
	printf("%d\n", self->x);
	exit(0);
}
