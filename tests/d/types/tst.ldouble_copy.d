/*
 * long double values (16 bytes, passed by address): copied from user
 * memory into globals, array elements, struct members, this->, self->
 * and associative-array variables, between them, and printed by
 * printf's %Lf %Le %Lg %LE %LG (and %f %e, which take any floating
 * value).  The workload writes three long doubles: 1.5, -2.25, 3e100.
 */
/* @@opts: -q */
/* @@trigger: workload -n ldtest -c 1 writehex 00000000000000c0ff3f000000000000000000000000009000c000000000000005db29f9c21d74db4c41000000000000 */

struct lm {
	char c;
	long double v;
	int after;
};

long double gl, arr[3];
struct lm gs;
self long double unset;

syscall::write:entry
/execname == "ldtest"/
{
	this->p = (long double *)copyin(arg1, 48);
	gl = *this->p;
	arr[1] = this->p[2];
	gs.v = this->p[1];
	gs.after = 7;
	self->l = gs.v;
	this->l = arr[1];
	a["x"] = gl;
	printf("%Lf %Le %Lg\n", gl, self->l, this->l);
	printf("%8.3Lf|%-12LE|%LG|\n", a["x"], gs.v, arr[1]);
	printf("%f %e\n", gl, arr[1]);
	printf("%Lg %Lg %Lg\n", arr[0], self->unset, a["none"]);
	printf("%Lg %d\n", 1 ? gs.v : gl, gs.after);
	exit(0);
}
