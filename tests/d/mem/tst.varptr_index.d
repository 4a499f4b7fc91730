/*
 * Subscripts of pointers held in thread-local, clause-local and
 * associative-array variables: stores into alloca'd memory, loads, every
 * assignment operator, and a load from a bad kernel address faulting.
 */
#pragma D option quiet

BEGIN
{
	self->q = (int *)alloca(4 * sizeof (int));
	self->q[0] = 1; self->q[1] = 2; self->q[3] = self->q[0] + self->q[1];
	this->q = self->q;
	this->q[2] = 7;
	i = 3;
	printf("%d %d %d %d\n", self->q[1], this->q[i], this->q[2], *self->q);
	self->q[0]++; --self->q[1]; self->q[2] <<= 2;
	printf("%d %d %d\n", self->q[0], self->q[1], this->q[2]);
	b["x"] = self->q;
	b["x"][1] += 40;
	self->c[1] = self->q;
	self->c[1][3] *= 5;
	printf("%d %d %d\n", b["x"][1], b["x"][0], self->q[3]);
	self->p = (int *)16;
}

BEGIN
{
	trace(self->p[1]);
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d at 0x%x\n", arg4, arg5);
}
