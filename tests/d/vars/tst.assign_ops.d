/*
 * Every assignment operator and ++/-- on thread-local, clause-local and
 * associative-array variables, including on elements not yet set.
 */
/* @@opts: -q */

int c[string];	/* x op= y needs x declared: its elements need not be set */

BEGIN
{
	self->a = 10;
	self->a += 5;
	self->a -= 3;
	self->a *= 4;
	self->a /= 6;
	self->a %= 5;
	self->a <<= 4;
	self->a >>= 1;
	self->a |= 3;
	self->a &= 10;
	self->a ^= 15;
	printf("self %d\n", self->a);

	this->b = 7;
	this->b += 1;
	this->b <<= 2;
	this->b--;
	--this->b;
	printf("this %d %d %d\n", this->b, this->b++, ++this->b);

	c["k"] += 2;
	c["k"] *= 21;
	c["k"]++;
	++c["k"];
	c["k"]--;
	printf("assoc %d %d %d\n", c["k"], c["k"]--, c["k"]);
	self->n = -5;
	self->n /= 2;
	printf("neg %d %d\n", self->n, (self->m = 3) + self->m);
	exit(0);
}
