/*
 * timestamp is read once per probe firing: two reads in one clause, and
 * reads in two clauses of the same firing, give the same value; the
 * next firing gets a later one.  walltimestamp is read afresh each time.
 */
/* @@trigger: workload -n bdt-tstamp -c 2 open /dev/null */
#pragma D option quiet

BEGIN
{
	this->a = timestamp;
	this->b = timestamp;
	first = this->a;
	printf("BEGIN same %d\n", this->a == this->b);
}

BEGIN
{
	printf("BEGIN clauses same %d\n", timestamp == first);
}

syscall::openat:entry
/execname == "bdt-tstamp"/
{
	self->t = timestamp;
	printf("after BEGIN %d\n", self->t > first);
	first = self->t;
}

syscall::openat:entry
/execname == "bdt-tstamp"/
{
	printf("entry clauses same %d\n", timestamp == self->t);
}

syscall::openat:return
/self->t/
{
	printf("return later %d\n", timestamp > self->t);
	exit(0);
}
