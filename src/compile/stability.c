/*
 * -x amin: the least stability a program may depend on (the Dynamic
 * Tracing Guide's "Stability Enforcement").  As DTrace does before it
 * compiles a clause's body, each probe description's attributes
 * (providers/probes.c: probes_desc_attrs, Unstable for a description
 * that names no provider, as "BEGIN" does) are compared with amin,
 * "Name/Data/Class" in -l -v's words; one below it in any of the three
 * is D_ATTR_MIN.  The attributes of the identifiers and types a clause
 * uses, which DTrace folds in too, are not computed: a clause on stable
 * probes passes whatever it reads.
 */
#include "stability.h"

#include <strings.h>
#include <string.h>

#include "../providers/provider.h"

/* one of names[0 .. n) as written (any case), into *out */
static bool attr_word(const char *w, size_t len, const char *(*name)(unsigned),
		      unsigned n, uint8_t *out)
{
	for (unsigned i = 0; i < n; i++) {
		const char *s = name(i);

		if (strlen(s) == len && strncasecmp(s, w, len) == 0) {
			*out = (uint8_t)i;
			return true;
		}
	}
	return false;
}

/* "Name[/Data[/Class]]"; components left out ask for nothing */
static bool attr_parse(const char *s, struct prov_attr *a)
{
	uint8_t *f[3] = { &a->name, &a->data, &a->dclass };

	*a = (struct prov_attr){ STAB_INTERNAL, STAB_INTERNAL, CLS_UNKNOWN };
	for (int i = 0; i < 3 && *s; i++) {
		size_t len = strcspn(s, "/");

		if (!attr_word(s, len, i < 2 ? prov_stability_name :
			       prov_class_name, i < 2 ? STAB_STANDARD + 1 :
			       CLS_COMMON + 1, f[i]))
			return false;
		s += len;
		if (*s == '/')
			s++;
	}
	return *s == '\0';
}

int stability_check(struct diag *diag, struct srcloc loc, const char *amin,
		    const char *const f[4])
{
	struct prov_attr min, a;

	if (!amin || !*amin)
		return 0;
	if (!attr_parse(amin, &min)) {
		diag_error(diag, loc, D_ATTR_MIN,
			   "invalid stability attributes \"%s\" for option amin: Name/Data/Class expected",
			   amin);
		return -1;
	}
	a = probes_desc_attrs(f[0], f[1], f[2], f[3]);
	if (a.name >= min.name && a.data >= min.data && a.dclass >= min.dclass)
		return 0;
	diag_error(diag, loc, D_ATTR_MIN,
		   "attributes for clause (%s/%s/%s) are less than predefined minimum",
		   prov_stability_name(a.name), prov_stability_name(a.data),
		   prov_class_name(a.dclass));
	return -1;
}
