/*
 * Recorded floating-point values.  A float or double reaches the
 * consumer as the raw IEEE bits the probe read (DV_FLOAT, 4 or 8
 * bytes); printf's %e %f %g convert them to a double here.  trace()
 * does not: DTrace prints a float record as an integer of its size.
 * A long double is recorded as its 16 bytes (the 80-bit x87 format,
 * padded, on x86-64): the C compiler's own long double reads them, as
 * DTrace's consumer does.
 */
#include "fmt.h"

#include <string.h>

double fmt_float_value(const struct dval *v, const void *data)
{
	const unsigned char *p = (const unsigned char *)data + v->offset;

	if (v->size == sizeof(float)) {
		float f;

		memcpy(&f, p, sizeof(f));
		return f;
	}
	double d;

	memcpy(&d, p, sizeof(d));
	return d;
}

long double fmt_ldouble_value(const struct dval *v, const void *data)
{
	long double ld = 0;

	if (v->size >= sizeof(ld))
		memcpy(&ld, (const unsigned char *)data + v->offset,
		       sizeof(ld));
	return ld;
}
