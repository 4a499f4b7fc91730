/*
 * dynvarsize bounds all dynamic variables together, in DTrace's element
 * size (here a 16-byte tuple and a 4-byte struct: 60 bytes hold three);
 * assigning 0 to a struct-valued element deletes it and frees its
 * place, as DTrace for Linux does, for thread-locals as well.
 */
/* @@opts: -q -x dynvarsize=60 */

struct s { int x; };
this struct s v;

BEGIN
{
	this->v.x = 1; a[1] = this->v;
	this->v.x = 2; a[2] = this->v;
	this->v.x = 3; self->t = this->v;
	a[1] = 0;
	this->v.x = 4; a[4] = this->v;		/* a[1]'s place */
	this->v.x = 5; a[5] = this->v;		/* dropped */
	self->t = 0;
	this->v.x = 6; a[6] = this->v;		/* self->t's place */
	printf("%d %d %d %d %d %d\n", a[1].x, a[2].x, self->t.x, a[4].x,
	    a[5].x, a[6].x);
	exit(0);
}
