/*
 * Arrays held by value in thread-local, clause-local and associative-array
 * variables: declared (self int a[4]; this int b[3]; int aa[int][4];) or
 * typed by the first array assigned, elements stored and read with
 * constant and variable subscripts, whole arrays copied from a global and
 * from one another (a copy is independent of its source), an absent
 * element reading as zeroes, and trace() of one.
 */
#pragma D option quiet

self int a[4];
this int b[3];
int aa[int][4];
int g[4];

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

	g[0] = 10; g[1] = 20; g[2] = 30; g[3] = 40;
	aa[5] = g;
	g[0] = 99;
	aa[5][1] *= 2;
	self->c = aa[5];
	this->d = self->c;
	self->c[3] = -1;
	printf("%d %d %d %d | %d %d | %d %d | absent %d %d\n", aa[5][0],
	    aa[5][1], aa[5][2], aa[5][3], self->c[0], self->c[3], this->d[1],
	    this->d[3], aa[6][0], aa[6][i]);
	self->a = self->c;
	printf("%d %d\n", self->a[0], self->a[3]);
	trace(self->a);
	exit(0);
}
