/*
 * A hash map from strings to pointers, for tables too large for a linear
 * search (user probes by name, functions of an object by name).  Keys are
 * not copied: they must live as long as the map (an arena's strings).
 */
#ifndef BD_STRMAP_H
#define BD_STRMAP_H

#include <stddef.h>

struct strmap {
	struct strmap_slot *slots;
	size_t cap, len;	/* cap: a power of two, or 0 */
};

/* The value stored under key, or NULL. */
void *strmap_get(const struct strmap *m, const char *key);
/* Store val under key, replacing any value there. */
void strmap_put(struct strmap *m, const char *key, void *val);
void strmap_free(struct strmap *m);

#endif
