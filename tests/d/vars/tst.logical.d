/*
 * The conditional and short-circuit operators with dynamic and
 * clause-local variables: the right operand of && and || runs only when
 * needed (its side effect on a thread-local shows whether it ran).
 */
/* @@opts: -q */

BEGIN
{
	self->t = 1;
	this->f = 0;
	a[1] = 5;
	printf("%d %d %d\n", self->t && a[1], this->f || a[2], self->t ^^ this->f);
	r = this->f && self->side++;
	r = self->t || self->side++;
	r = self->t && self->side++;
	printf("side %d\n", self->side);
	printf("%s %d\n", a[1] > 3 ? "big" : "small", this->f ? a[1] : a[9]);
	self->str = a[1] ? "set" : "unset";
	printf("%s\n", self->str);
	exit(0);
}
