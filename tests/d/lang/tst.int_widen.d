/*
 * An int operator's result that overflows 32 bits is the int C gives
 * where it meets a wider type or is compared: 0x40000000 + 0x40000000 is
 * INT_MIN, sign-extended when stored in a long long, cast to one or
 * combined with one; an unsigned int's wraps.  Within one width the sum
 * stays exact until it is stored (DTrace's 64-bit intermediates).
 * A constant expression keeps its 64 bits, folded as DTrace folds it,
 * where it is widened, stored wider or compared.
 */
/* @@opts: -q */

int a, b;
unsigned int u;
long long w;
short sh;

BEGIN
{
	a = 0x40000000;
	b = 1;
	w = a + a;
	printf("%x\n", w);
	printf("%x\n", (long long)(a * 2));
	printf("%x\n", (a + a) & 0x1ffffffffll);
	printf("%d\n", (a << 3) == 0);
	printf("%s\n", (b ^ (b << 31)) < 0 ? "negative" : "positive");
	printf("%s\n", (-b ^ (b << 31)) > 0 ? "positive" : "negative");
	self->w = a + a;
	wa[0] = a + a;
	printf("%x %x\n", self->w, wa[0]);
	w = 0;
	w += a + a;
	printf("%x\n", w);
	u = 0xffffffff;
	w = u + u;
	printf("%x\n", w);
	sh = 30000;
	w = sh + sh;
	printf("%d\n", w);
	a = 25920;
	a = a - (a + (a * 3) + a) * a / a * a;
	printf("%d\n", a);
	w = 0;
	printf("%x\n", w + (1 << 44));
	w = 1 << 40;
	printf("%x %x\n", w, (long long)(3 << 33));
	printf("%d %d\n", (1 << 32) > 0, (b << 32) > 0);
	exit(0);
}
