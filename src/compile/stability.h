/*
 * -x amin, stability enforcement (stability.c): a clause's probe
 * descriptions checked against the least attributes allowed.
 */
#ifndef BD_STABILITY_H
#define BD_STABILITY_H

#include "diag.h"

/*
 * 0, or D_ATTR_MIN at loc (-1) when the description whose fields are
 * f[0 .. 3] (provider, module, function, name) is less stable than
 * amin ("Name/Data/Class"; NULL or "": no minimum) or amin does not parse.
 */
int stability_check(struct diag *diag, struct srcloc loc, const char *amin,
		    const char *const f[4]);

#endif
