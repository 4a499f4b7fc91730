/*
 * Speculations in the consumer.  The kernel sends a speculate() clause's
 * records to the ring buffer tagged with the speculation id (rec_hdr.spec)
 * and, when the speculation is committed or discarded, a control record.
 * One ring buffer orders them all, so every record of a speculation
 * arrives before its control record: the consumer keeps copies per id
 * and, at commit, consumes them as if they had just arrived (in the
 * order they were written, across CPUs); at discard, drops them.  Either
 * way it then asks the session to free the id (spec_done), which makes
 * it available to speculation() again: until then speculation() counts
 * it "busy", as DTrace does while its cleaner has not run.
 */
#include "spec.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/dobj.h"
#include "../lib/vec.h"
#include "consume.h"

struct spec_rec {
	void *data;
	size_t size;
};

struct spec_list {
	VEC(struct spec_rec) recs;
};

struct spec_set {
	struct spec_list *ids;	/* [id], grown on demand */
	uint32_t nids;
};

static struct spec_list *spec_list(struct consumer *c, uint32_t id)
{
	struct spec_set *set = c->spec;

	if (!set) {
		set = calloc(1, sizeof(*set));
		if (!set)
			return NULL;
		c->spec = set;
	}
	if (id >= set->nids) {
		uint32_t n = id + 1 > 2 * set->nids ? id + 1 : 2 * set->nids;
		struct spec_list *v = realloc(set->ids, n * sizeof(*v));

		if (!v)
			return NULL;
		memset(v + set->nids, 0, (n - set->nids) * sizeof(*v));
		set->ids = v;
		set->nids = n;
	}
	return &set->ids[id];
}

static void list_clear(struct spec_list *l)
{
	for (size_t i = 0; i < l->recs.len; i++)
		free(l->recs.data[i].data);
	vec_free(&l->recs);
}

int spec_hold(struct consumer *c, uint32_t id, const void *data, size_t size)
{
	struct spec_list *l = spec_list(c, id);
	struct spec_rec r = { .data = malloc(size), .size = size };

	if (!l || !r.data) {
		free(r.data);
		return -ENOMEM;
	}
	memcpy(r.data, data, size);
	/* consumed later as an ordinary record */
	((struct rec_hdr *)r.data)->spec = 0;
	vec_push(&l->recs, r);
	return 0;
}

int spec_control(struct consumer *c, const void *data, size_t size)
{
	struct rec_hdr h;
	struct rec_spec sp;
	struct spec_list *l;
	int err = 0;

	if (size < sizeof(h) + sizeof(sp))
		return -EINVAL;
	memcpy(&h, data, sizeof(h));
	memcpy(&sp, (const char *)data + sizeof(h), sizeof(sp));
	if (h.spec == 0 || (sp.op != SPEC_COMMIT && sp.op != SPEC_DISCARD))
		return -EINVAL;
	l = c->spec && h.spec < c->spec->nids ? &c->spec->ids[h.spec] : NULL;
	for (size_t i = 0; l && sp.op == SPEC_COMMIT && i < l->recs.len; i++) {
		int e = consume_record(c, l->recs.data[i].data,
				       l->recs.data[i].size);

		if (e < 0 && err == 0)
			err = e;
	}
	if (l)
		list_clear(l);
	if (c->hooks && c->hooks->spec_done)
		c->hooks->spec_done(c->hooks_arg, h.spec);
	return err;
}

size_t spec_lost(struct consumer *c, uint32_t id)
{
	struct spec_list *l = c->spec && id < c->spec->nids ?
			      &c->spec->ids[id] : NULL;
	size_t n = l ? l->recs.len : 0;

	if (l)
		list_clear(l);
	return n;
}

void spec_free(struct consumer *c)
{
	if (!c || !c->spec)
		return;
	for (uint32_t i = 0; i < c->spec->nids; i++)
		list_clear(&c->spec->ids[i]);
	free(c->spec->ids);
	free(c->spec);
	c->spec = NULL;
}
