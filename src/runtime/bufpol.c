/*
 * The record queue of bufpolicy=ring: what DTrace's ring buffers give,
 * the newest bufsize bytes of records, printed when tracing stops.  The
 * kernel ring buffer is drained continuously into this queue, so it
 * never fills; the queue forgets whole records, oldest first.
 */
#include "bufpol.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/dobj.h"
#include "../providers/provider.h"
#include "options.h"

struct ringq_rec {
	void *data;
	size_t size;
	uint64_t room;
};

static void drop_oldest(struct ringq *q)
{
	struct ringq_rec *r = &q->recs[q->head];

	q->bytes -= r->room;
	free(r->data);
	q->head = (q->head + 1) % q->cap;
	q->len--;
}

int ringq_push(struct ringq *q, const void *data, size_t size, uint64_t room)
{
	struct ringq_rec r = { .data = malloc(size), .size = size, .room = room };

	if (!r.data)
		return -ENOMEM;
	memcpy(r.data, data, size);
	if (q->len == q->cap) {
		size_t cap = q->cap ? 2 * q->cap : 64;
		struct ringq_rec *v = malloc(cap * sizeof(*v));

		if (!v) {
			free(r.data);
			return -ENOMEM;
		}
		for (size_t i = 0; i < q->len; i++)
			v[i] = q->recs[(q->head + i) % q->cap];
		free(q->recs);
		q->recs = v;
		q->cap = cap;
		q->head = 0;
	}
	q->recs[(q->head + q->len) % q->cap] = r;
	q->len++;
	q->bytes += room;
	while (q->len > 1 && q->limit && q->bytes > q->limit)
		drop_oldest(q);
	return 0;
}

int ringq_replay(struct ringq *q, int (*fn)(void *arg, void *data, size_t size),
		 void *arg)
{
	int err = 0;

	while (q->len) {
		struct ringq_rec *r = &q->recs[q->head];
		int e = err ? 0 : fn(arg, r->data, r->size);

		if (e < 0)
			err = e;
		drop_oldest(q);
	}
	return err;
}

void ringq_free(struct ringq *q)
{
	while (q->len)
		drop_oldest(q);
	free(q->recs);
	memset(q, 0, sizeof(*q));
}

/*
 * A record's room as DTrace counts it: a 4-byte enabled probe id, then
 * each recorded value aligned to its size (up to 8; strings and bytes
 * unaligned), the whole rounded to its largest alignment.  bdtrace's own
 * header is larger (and the kernel's ring buffer at least a page), so
 * that a bufsize that holds DTrace's records holds them here too.
 */
uint64_t bufpol_stmt_room(const struct dstmt *st)
{
	uint64_t off = 4, align = 4;

	for (int i = 0; i < st->nacts; i++)
		for (int k = 0; k < st->acts[i].nvals; k++) {
			const struct dval *v = &st->acts[i].vals[k];
			uint64_t a = v->kind == DV_STRING ||
						     v->kind == DV_BYTES ? 1 :
				     v->size >= 8 ? 8 : v->size ? v->size : 1;

			off = (off + a - 1) / a * a + v->size;
			if (a > align)
				align = a;
		}
	return (off + align - 1) / align * align;
}

uint64_t bufpol_room(const struct dobj *obj, const void *data, size_t size)
{
	const struct rec_hdr *h = data;

	if (size < sizeof(*h) || h->epid == 0 || h->epid > obj->stmts.len)
		return size;
	return bufpol_stmt_room(&obj->stmts.data[h->epid - 1]);
}

/* The room END's records take: each of its clauses' once. */
uint64_t bufpol_end_room(const struct dobj *obj)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < obj->progs.len; i++) {
		const struct dprog *p = &obj->progs.data[i];
		uint32_t last = 0;

		if (!p->at || !p->at->prov || !p->at->prov->fire ||
		    !p->at->nprobes || strcmp(p->at->probes[0]->name, "END"))
			continue;
		for (size_t k = 0; k < p->nlines; k++) {
			uint32_t epid = p->lines[k].epid;

			if (epid > last && epid <= obj->stmts.len) {
				sum += bufpol_stmt_room(&obj->stmts.data[epid - 1]);
				last = epid;
			}
		}
	}
	return sum;
}

const char *bufpol_check(const struct dobj *obj, const struct dopts *o)
{
	uint64_t max = 0;

	if (o->bufpolicy && strcmp(o->bufpolicy, "fill") == 0 &&
	    bufpol_end_room(obj) > o->bufsize)
		return "END enablings exceed size of principal buffer";
	for (size_t i = 0; i < obj->stmts.len; i++)
		if (bufpol_stmt_room(&obj->stmts.data[i]) > max)
			max = bufpol_stmt_room(&obj->stmts.data[i]);
	if (o->bufsize == 0 || max > o->bufsize)
		return "Enabling exceeds size of buffer";
	return NULL;
}
