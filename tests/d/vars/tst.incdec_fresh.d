/*
 * ++ and -- applied to a variable nothing has declared or assigned yet
 * create it as an int64_t (DTrace's rule), whatever its scope: the
 * values then hold 64 bits.
 */
/* @@opts: -q */

BEGIN
{
	n++;
	self->m--;
	this->k++;
	printf("%d %d %d\n", sizeof (n), sizeof (self->m), sizeof (this->k));
	n <<= 40;
	self->m *= 0x100000000;
	this->k = this->k << 33;
	printf("%d %d %d\n", n, self->m, this->k);
	exit(0);
}
