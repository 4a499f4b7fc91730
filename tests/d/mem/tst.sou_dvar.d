/*
 * Struct values in thread-local, clause-local and associative-array
 * variables: copied whole from a global, from *p and from one another,
 * members read back, an absent element reading as zeroes, trace() of
 * one, and a thread-local struct carried from a system call's entry to
 * its return.
 */
/* @@trigger: workload -n soudvar write */
#pragma D option quiet

struct pt { int x; int y; };
struct rec { int id; char name[12]; long v; };
struct pt g;
struct rec r;
self struct rec sr;

BEGIN
{
	g.x = 1; g.y = 2;
	self->p = g;
	this->p = g;
	a[1] = g;
	self->b["k"] = g;
	g.x = 10;
	printf("%d %d %d %d %d %d %d %d\n", self->p.x, self->p.y, this->p.x,
	    this->p.y, a[1].x, a[1].y, self->b["k"].x, self->b["k"].y);
	printf("absent %d %d\n", a[2].x, self->b["z"].y);
	q = (struct pt *)alloca(sizeof (struct pt));
	q->x = 5; q->y = 6;
	a[2] = *q;
	self->p = a[2];
	this->p = self->p;
	printf("%d %d %d\n", a[2].x, self->p.y, this->p.x);
	r.id = 7; r.name = "abc"; r.v = 99;
	self->sr = r;
	trace(self->sr);
	printf("\n");
	this->r = self->sr;
	printf("%d %s %d\n", this->r.id, stringof(this->r.name), this->r.v);
}

syscall::write:entry
/execname == "soudvar"/
{
	r.id = arg2; r.name = "entry";
	self->sr = r;
}

syscall::write:return
/self->sr.id == 1/
{
	printf("%d %s %d\n", self->sr.id, stringof(self->sr.name), self->sr.v);
	exit(0);
}
