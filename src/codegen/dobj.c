/*
 * The compiled program's containers.
 */
#include "dobj.h"

#include "../compile/types.h"

#include <stdlib.h>
#include <string.h>

void dobj_init(struct dobj *o, struct arena *a)
{
	memset(o, 0, sizeof(*o));
	o->arena = a;
}

int dobj_add_map(struct dobj *o, const struct dmap *m)
{
	struct dmap copy = *m;

	copy.fd = -1;
	vec_push(&o->maps, copy);
	return (int)o->maps.len - 1;
}

bool dagg_owns_key(const struct dagg *ag, const void *key)
{
	uint64_t id;
	uint32_t slot;

	if (!ag->nkeys) {
		memcpy(&slot, key, sizeof(slot));
		return slot == ag->slot;
	}
	memcpy(&id, (const char *)key + ag->ktuple_size, sizeof(id));
	return id == ag->id;
}

uint32_t dobj_strtab_add(struct dobj *o, const char *s, size_t len)
{
	/* Reuse an identical earlier string: the table is small and built
	 * once per compilation, so a linear scan is cheaper than a hash. */
	for (size_t off = 0; off < o->strtab.len;) {
		size_t n = strlen(o->strtab.data + off);

		if (n == len && memcmp(o->strtab.data + off, s, len) == 0)
			return (uint32_t)off;
		off += n + 1;
	}
	uint32_t off = (uint32_t)o->strtab.len;

	vec_reserve(&o->strtab, len + 1);
	memcpy(o->strtab.data + off, s, len);
	o->strtab.data[off + len] = '\0';
	o->strtab.len += len + 1;
	return off;
}

int dobj_strtab_extend(struct dobj *o, const struct dobj *by)
{
	const size_t n = o->strtab.len;

	if (by->strtab.len < n ||
	    (n && memcmp(o->strtab.data, by->strtab.data, n)))
		return -1;
	if (by->strtab.len == n)	/* (the data of an empty one is NULL) */
		return 0;
	vec_reserve(&o->strtab, by->strtab.len - n);
	memcpy(o->strtab.data + n, by->strtab.data + n, by->strtab.len - n);
	o->strtab.len = by->strtab.len;
	return 0;
}

void dobj_free(struct dobj *o)
{
	vec_free(&o->maps);
	vec_free(&o->progs);
	vec_free(&o->stmts);
	vec_free(&o->aggs);
	vec_free(&o->probes);
	vec_free(&o->strtab);
	vec_free(&o->matched);
	vec_free(&o->attrs);
	vec_free(&o->descs);
	types_free(o->types);
	o->types = NULL;
}
