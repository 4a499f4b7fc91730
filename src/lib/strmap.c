/*
 * Open addressing with linear probing, kept at most half full; FNV-1a
 * hashes.  Nothing is ever removed, so no tombstones are needed.
 */
#include "strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

struct strmap_slot {
	const char *key;	/* NULL: empty */
	void *val;
};

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static struct strmap_slot *find(const struct strmap *m, const char *key)
{
	size_t i = (size_t)hash(key) & (m->cap - 1);

	while (m->slots[i].key && strcmp(m->slots[i].key, key) != 0)
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

void *strmap_get(const struct strmap *m, const char *key)
{
	if (!m->cap)
		return NULL;
	return find(m, key)->val;
}

static void grow(struct strmap *m)
{
	struct strmap old = *m;

	m->cap = old.cap ? old.cap * 2 : 64;
	m->slots = xcalloc(m->cap, sizeof(*m->slots));
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i].key)
			*find(m, old.slots[i].key) = old.slots[i];
	free(old.slots);
}

void strmap_put(struct strmap *m, const char *key, void *val)
{
	struct strmap_slot *s;

	if (2 * (m->len + 1) > m->cap)
		grow(m);
	s = find(m, key);
	if (!s->key)
		m->len++;
	s->key = key;
	s->val = val;
}

void strmap_free(struct strmap *m)
{
	free(m->slots);
	m->slots = NULL;
	m->cap = m->len = 0;
}
