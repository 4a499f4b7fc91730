/*
 * ++ and -- of a pointer move it by its pointee's size, in a global, a
 * thread-local variable and a struct member, as C and DTrace define it.
 */
/* @@opts: -q */

struct s {
	long *lp;
	int n;
} g;

BEGIN
{
	self->p = (short *)alloca(32);
	this->b = self->p;
	self->p++;
	self->p++;
	self->p++;
	--self->p;
	g.lp = (long *)this->b;
	g.lp++;
	g.n++;
	ip = (int *)this->b;
	old = ip++;
	++ip;
	ip--;
	printf("%d %d %d %d %d\n", (long)self->p - (long)this->b,
	    (long)g.lp - (long)this->b, g.n, (long)ip - (long)this->b,
	    (long)old - (long)this->b);
	exit(0);
}
