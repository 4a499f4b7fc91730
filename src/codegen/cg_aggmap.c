/*
 * The maps aggregations live in.  A BPF program may use at most 64 maps,
 * and DTrace's aggsize bounds all the aggregations together, so they
 * share maps rather than take one each: the keyed aggregations whose
 * keys and values have the same sizes share a per-CPU hash, each entry's
 * key being the tuple followed by the aggregation's id (so a script may
 * have hundreds of aggregations, even in one clause); the key-less ones
 * whose values have the same size share a per-CPU array, one element
 * (dagg.slot) each.  The runtime reads an aggregation's entries from its
 * map by the id or the slot (dagg_owns_key).
 */
#include "cg.h"

#include "../runtime/options.h"

/* An aggregation already placed that g can share a map with, or NULL. */
static const struct dagg *same_shape(const struct cg *cg,
				     const struct dagg *g)
{
	for (size_t i = 0; i < cg->obj->aggs.len; i++) {
		const struct dagg *o = &cg->obj->aggs.data[i];

		if (o->map >= 0 && !o->nkeys == !g->nkeys &&
		    o->key_size == g->key_size &&
		    o->value_size == g->value_size)
			return o;
	}
	return NULL;
}

void cg_agg_place(struct cg *cg, struct dagg *g)
{
	const struct dagg *o = same_shape(cg, g);
	uint64_t max;

	if (o) {
		struct dmap *m = &cg->obj->maps.data[o->map];

		g->map = o->map;
		if (!g->nkeys)
			g->slot = m->max_entries++;
		return;
	}
	/* a hash holds as many entries of this shape as aggsize allows
	 * (a key and its value each, as DTrace counts them); updates
	 * beyond are aggregation drops */
	max = cg->opts->aggsize / (g->key_size + g->value_size);
	if (max < 1)
		max = 1;
	if (max > (1u << 20))
		max = 1u << 20;
	struct dmap m = {
		.name = arena_printf(cg->a, "agg_%u_%u", g->key_size,
				     g->value_size),
		.type = g->nkeys ? BPF_MAP_TYPE_PERCPU_HASH :
				   BPF_MAP_TYPE_PERCPU_ARRAY,
		.key_size = g->key_size, .value_size = g->value_size,
		.max_entries = g->nkeys ? (uint32_t)max : 1,
		/* preallocated: on-demand allocation fails in interrupt
		 * context (profile, tick) when many keys arrive at once */
		.flags = 0,
	};

	g->slot = 0;
	g->map = dobj_add_map(cg->obj, &m);
}
