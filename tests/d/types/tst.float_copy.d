/*
 * float and double values: held in globals, this-> and self-> variables,
 * associative arrays and struct members, copied from user memory, and
 * printed by printf %f %e %g (trace() prints the bits as an integer of
 * their size, as DTrace prints any 4- or 8-byte record).  The workload
 * writes a struct fp { double d = 1.5; float f = 2.5; }.
 */
/* @@opts: -q */
/* @@trigger: workload -n fptest -c 1 writehex 000000000000f83f00002040 */

struct fp {
	double d;
	float f;
};

double gd;
float gf;
struct fp gs;
self double td;

syscall::write:entry
/execname == "fptest"/
{
	gd = *(double *)copyin(arg1, 8);
	this->f = ((struct fp *)copyin(arg1, 12))->f;
	gs = *(struct fp *)copyin(arg1, 12);
	gf = gs.f;
	self->td = gd;
	a[1] = gs.d;
	printf("%f %e %g\n", gd, this->f, self->td);
	printf("%5.2f|%-10G|%E\n", gs.d, gf, a[1]);
	printf("%f %f\n", *(float *)copyin(arg1 + 8, 4), ((struct fp *)copyin(arg1, 12))->d);
	trace(gd);
	trace(gf);
	printf("\n");
	exit(0);
}
