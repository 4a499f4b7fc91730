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
 *
 * Compiled with an aggrate, the consumer drains the keyed maps each
 * period (runtime/agg_drain.c).  It must never take an entry a program
 * is between looking up and adding to, so each keyed map gets a twin of
 * the same shape and the programs update the map of the current
 * generation, a word in a one-element array (dobj.agg_gen): the
 * consumer switches the generation, waits until every program that
 * may have read the old one has ended, then drains the old map, which
 * nothing writes any more.  Without an aggrate nothing is drained and
 * the programs are as before, with one map each.
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

/* The second generation of keyed map m, and the generation word the
 * first twin brings; the twin's index. */
static int add_twin(struct cg *cg, const struct dmap *m)
{
	struct dmap twin = *m;

	if (!cg->obj->agg_gen) {
		struct dmap gen = { .name = "dt_agggen",
				    .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
				    .value_size = 4, .max_entries = 1 };

		cg->obj->agg_gen = dobj_add_map(cg->obj, &gen);
	}
	twin.name = arena_printf(cg->a, "%s.1", m->name);
	return dobj_add_map(cg->obj, &twin);
}

void cg_agg_place(struct cg *cg, struct dagg *g)
{
	const struct dagg *o = same_shape(cg, g);
	uint64_t max;

	if (o) {
		struct dmap *m = &cg->obj->maps.data[o->map];

		g->map = o->map;
		g->map2 = o->map2;
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
	if (g->nkeys && cg->opts->aggrate)
		g->map2 = add_twin(cg, &m);
}
