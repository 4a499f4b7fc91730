/*
 * Types chapter: declared global variables of each integer type hold
 * values truncated to their width; signed types sign-extend, unsigned
 * types zero-extend.
 */
/* @@opts: -q */

char c;
unsigned char uc;
short s;
unsigned short us;
int i;
unsigned int ui;
int64_t l;
uint64_t ul;

BEGIN
{
	c = 200;
	uc = 200;
	s = 70000;
	us = 70000;
	i = 0x1ffffffff;
	ui = -1;
	l = -1;
	ul = -1;
	printf("%d %d %d %d\n", c, uc, s, us);
	printf("%d %u %d %u\n", i, ui, l, ul);
	exit(0);
}
