/*
 * Buffer policies in the consumer (bufpol.c).  DTrace reads ring and
 * fill buffers only once tracing has stopped.  bufpolicy=fill is done in
 * the kernel (a CPU's records past bufsize end tracing, cg_fill.c) with
 * the consumer reading nothing until then; bufpolicy=ring keeps reading
 * the ring buffer but holds each CPU's records in a queue that forgets
 * the oldest beyond bufsize bytes, and consumes them only at the end.
 * Both count a record's room as DTrace lays it out (bufpol_room).
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

/* Keep a copy of a record that takes room bytes of the buffer,
 * forgetting the oldest beyond q->limit bytes of room; 0 or -ENOMEM. */
int ringq_push(struct ringq *q, const void *data, size_t size, uint64_t room);
/* Hand every record, oldest first, to fn, then forget them; the first
 * error fn returned, or 0. */
int ringq_replay(struct ringq *q, int (*fn)(void *arg, void *data, size_t size),
		 void *arg);
void ringq_free(struct ringq *q);

struct dobj;
struct dopts;
/*
 * The room a record (data, size bytes) takes in a DTrace buffer: its
 * statement's data and a 4-byte enabled probe id, whatever bdtrace's own
 * header adds; a record of no statement takes its own size.
 */
uint64_t bufpol_room(const struct dobj *obj, const void *data, size_t size);
struct dstmt;
/* the room of one record of st, counted as DTrace does */
uint64_t bufpol_stmt_room(const struct dstmt *st);
/* the room END's records take, which bufpolicy=fill keeps for them */
uint64_t bufpol_end_room(const struct dobj *obj);
/*
 * Do the enablings fit in the buffer, as DTrace checks when tracing
 * starts (each record counted as DTrace lays it out)?  NULL, or DTrace's reason: under bufpolicy=fill the records of
 * END's clauses, for which room is kept, must fit together ("END
 * enablings exceed size of principal buffer"), and any one record must
 * fit ("Enabling exceeds size of buffer", which a zero bufsize is too).
 */
const char *bufpol_check(const struct dobj *obj, const struct dopts *o);

#endif
