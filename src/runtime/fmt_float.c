/*
 * Recorded floating-point values.  A float or double reaches the
 * consumer as the raw IEEE bits the probe read (DV_FLOAT, 4 or 8
 * bytes); printf's %e %f %g convert them to a double here.  trace()
 * does not: DTrace prints a float record as an integer of its size.
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
