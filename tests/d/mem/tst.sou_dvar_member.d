/*
 * Stores into members and elements of struct-valued dynamic variables:
 * every assignment operator, ++/--, bit-fields, char arrays, nested
 * structs (a member and a whole struct), array elements with constant
 * and variable subscripts, in thread-local, clause-local and
 * associative-array variables.  A store into a member of an absent
 * variable creates it, zero-filled; a thread-local one created at a
 * system call's entry is read at its return.
 */
/* @@trigger: workload -n soudvarm write */
#pragma D option quiet

struct pt { int x; int y; };
struct rec {
	int id;
	char name[12];
	long v;
	int arr[4];
	struct pt p;
	unsigned b1:3, b2:5;
};
struct pt g;
self struct rec sr;
this struct rec tr;
struct rec a[int];
self struct rec ts[string];

BEGIN
{
	self->sr.id = 5;
	self->sr.id += 2;
	self->sr.v++;
	++self->sr.v;
	self->sr.name = "hello";
	self->sr.arr[2] = 42;
	i = 3;
	self->sr.arr[i] = 43;
	self->sr.p.y = 9;
	self->sr.b1 = 13;
	self->sr.b2 = 31;
	printf("%d %d %s %d %d %d %d %d %d\n", self->sr.id, self->sr.v,
	    stringof(self->sr.name), self->sr.arr[2], self->sr.arr[i],
	    self->sr.p.x, self->sr.p.y, self->sr.b1, self->sr.b2);
	printf("%d %d %d\n", self->sr.id--, --self->sr.b2, self->sr.b1++);
	g.x = 4; g.y = 8;
	self->sr.p = g;
	printf("%d %d %d %d\n", self->sr.p.x, self->sr.p.y, self->sr.id,
	    self->sr.b1);
}

BEGIN
{
	this->tr.id = 1;
	this->tr.name = "this";
	this->tr.v -= 3;
	this->tr.arr[1] = this->tr.id << 4;
	printf("%d %s %d %d\n", this->tr.id, stringof(this->tr.name),
	    this->tr.v, this->tr.arr[1]);
}

BEGIN
{
	a[1].id = 11;
	a[1].v = 7;
	a[1].v *= 5;
	a[1].v %= 6;
	a[2].v |= 6;
	a[2].v ^= 3;
	a[2].v <<= 2;
	a[1].arr[0]--;
	a[3].name = "abcdefghijklmnop";
	printf("%d %d %d %d %s %d\n", a[1].id, a[1].v, a[2].v, a[1].arr[0],
	    stringof(a[3].name), a[4].id);
	self->ts["k"].p.x = 3;
	printf("%d %d\n", self->ts["k"].p.x, self->ts["z"].p.x);
}

syscall::write:entry
/execname == "soudvarm"/
{
	self->sr.id = 99;
	self->sr.arr[1] = arg2;
}

syscall::write:return
/self->sr.id == 99/
{
	printf("%d %d %d\n", self->sr.id, self->sr.arr[1], self->sr.v);
	exit(0);
}
