/*
 * Arrays held by value in thread-local, clause-local and associative-array
 * variables declared as arrays (self int a[4]; this int b[3];
 * int aa[int][4];): elements stored and read with constant and variable
 * subscripts, compound assignments to elements, an absent element
 * reading as zeroes, and trace() of one.  Whole arrays cannot be
 * assigned (D_OP_ARRFUN, as in DTrace).
 */
#pragma D option quiet

self int a[4];
this int b[3];
int aa[int][4];

BEGIN
{
	self->a[0] = 1;
	self->a[3] = 4;
	this->b[1] = 7;
	this->b[2]++;
	this->b[2] += 5;
	i = 2;
	self->a[i] = 3;
	printf("%d %d %d %d | %d %d %d\n", self->a[0], self->a[1],
	    self->a[i], self->a[3], this->b[0], this->b[1], this->b[i]);

	aa[5][0] = 10; aa[5][1] = 20; aa[5][2] = 30; aa[5][3] = 40;
	aa[5][1] *= 2;
	aa[7][i] = -1;
	printf("%d %d %d %d | %d | absent %d %d\n", aa[5][0], aa[5][1],
	    aa[5][2], aa[5][3], aa[7][2], aa[6][0], aa[6][i]);
	trace(self->a);
	exit(0);
}
