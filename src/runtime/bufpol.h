/*
 * Buffer policies in the consumer (bufpol.c).  DTrace reads ring and
 * fill buffers only once tracing has stopped.  bufpolicy=fill is done in
 * the kernel (a full ring buffer ends tracing, cg_spec.c) with the
 * consumer reading nothing until then; bufpolicy=ring keeps reading the
 * ring buffer but holds the records in a queue that forgets the oldest
 * beyond bufsize bytes, and consumes them only at the end.
 */
#ifndef BD_BUFPOL_H
#define BD_BUFPOL_H

#include <stddef.h>
#include <stdint.h>

struct ringq {
	struct ringq_rec *recs;	/* a circular array of copies */
	size_t cap, head, len;
	uint64_t bytes, limit;
};

/* Keep a copy of a record, forgetting the oldest beyond q->limit bytes;
 * 0 or -ENOMEM. */
int ringq_push(struct ringq *q, const void *data, size_t size);
/* Hand every record, oldest first, to fn, then forget them; the first
 * error fn returned, or 0. */
int ringq_replay(struct ringq *q, int (*fn)(void *arg, void *data, size_t size),
		 void *arg);
void ringq_free(struct ringq *q);

struct dobj;
struct dopts;
/*
 * Do the enablings fit in the buffer, as DTrace checks when tracing
 * starts (each record counted as DTrace lays it out)?  NULL, or DTrace's reason: under bufpolicy=fill the records of
 * END's clauses, for which room is kept, must fit together ("END
 * enablings exceed size of principal buffer"), and any one record must
 * fit ("Enabling exceeds size of buffer", which a zero bufsize is too).
 */
const char *bufpol_check(const struct dobj *obj, const struct dopts *o);

#endif
