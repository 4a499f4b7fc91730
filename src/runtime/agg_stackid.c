/*
 * Stacks in aggregation keys read back by their id.  The programs keep
 * a stack() or ustack() key as a 16-byte id, its frames once in a side
 * map under it (codegen/cg_stackid.c); the tuple the printers read has
 * the frames in the stack's slot, as the programs once kept them in the
 * key itself, so that every output is the same.  The side map is never
 * cleared, so an id read from the aggregation always has its frames.
 */
#include "agg.h"

#include <bpf/bpf.h>
#include <string.h>

#include "../codegen/dobj.h"
#include "../lib/memcheck.h"

void agg_stackid_frames(const struct dagg *ag, const struct dval *k,
			const void *id, void *dst, size_t size)
{
	const struct dmap *m = &ag->strs->maps.data[k->map];

	if (m->value_size != size ||
	    bpf_map_lookup_elem(m->fd, id, dst) < 0) {
		memset(dst, 0, size);	/* not there: no frames */
		return;
	}
	mc_defined(dst, size);
}
