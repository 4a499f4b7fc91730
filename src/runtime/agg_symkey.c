/*
 * Aggregation keys that name code: sym(), func(), mod(), usym(),
 * ufunc(), umod().  The BPF side keys on the address itself, so two
 * samples in one function are two entries; DTrace's consumer replaces
 * such an address by its symbol's (or module's) before it aggregates,
 * so that @[ufunc(arg1)] = count() has one line per function.  Here
 * entries whose keys are named alike are folded into one as the
 * snapshot is taken.  The name decides, as it is printed (with the
 * process id for user addresses): an address no symbol covers keeps
 * its own entry, as in DTrace.
 */
#include "agg.h"

#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "fmt.h"

static bool named_kind(enum dval_kind k)
{
	return k == DV_SYM || k == DV_MOD || k == DV_USYM || k == DV_UMOD;
}

/* The key's identity: its named parts by name, the others by bytes. */
static char *identity(const struct dagg *ag, const void *key,
		      const struct fmt_syms *syms)
{
	struct strbuf s = { 0 };
	char *id;

	for (int i = 0; i < ag->nkeys; i++) {
		const struct dval *v = &ag->keys[i];
		const unsigned char *p = (const unsigned char *)key + v->offset;

		if (named_kind(v->kind) &&
		    fmt_symval_str(&s, v, key, syms) == 0) {
			if (v->kind == DV_USYM || v->kind == DV_UMOD)
				for (int b = 0; b < 8; b++)	/* the pid */
					sb_printf(&s, "%02x", p[b]);
		} else {
			for (uint32_t b = 0; b < v->size; b++)
				sb_printf(&s, "%02x", p[b]);
		}
		sb_printf(&s, "\x1f");
	}
	id = xstrdup(sb_str(&s));
	sb_free(&s);
	return id;
}

struct ident {
	char *id;
	size_t idx;
};

static int ident_idx_cmp(const void *a, const void *b)
{
	const struct ident *x = a, *y = b;

	return (x->idx > y->idx) - (x->idx < y->idx);
}

static int ident_cmp(const void *a, const void *b)
{
	const struct ident *x = a, *y = b;
	int c = strcmp(x->id, y->id);

	return c ? c : ident_idx_cmp(a, b);
}

/* Fold entry src into dst: its value and, with aggpercpu, each CPU's. */
static void fold_entry(const struct dagg *ag, struct agg_entry *dst,
		       const struct agg_entry *src)
{
	size_t msize = fmt_agg_value_size(ag);

	agg_fold(ag, (void *)dst->val, src->val);
	for (int c = 0; dst->percpu && src->percpu && c < dst->ncpu; c++)
		agg_fold(ag, (char *)dst->percpu + (size_t)c * msize,
			 (const char *)src->percpu + (size_t)c * msize);
}

bool agg_symkey_folds(const struct dagg *ag, const struct fmt_syms *syms)
{
	bool named = false;

	for (int i = 0; i < ag->nkeys; i++)
		named |= named_kind(ag->keys[i].kind);
	return named && syms;
}

size_t agg_symkey_merge(const struct dagg *ag, const struct fmt_syms *syms,
			struct agg_entry *ents, size_t n)
{
	struct ident *ids;
	size_t out = 0;

	if (!agg_symkey_folds(ag, syms) || n < 2)
		return n;
	ids = xmalloc(n * sizeof(*ids));
	for (size_t i = 0; i < n; i++)
		ids[i] = (struct ident){ identity(ag, ents[i].key, syms), i };
	qsort(ids, n, sizeof(*ids), ident_cmp);
	/* the first entry of each name keeps the name's updates */
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;

		for (; j < n && strcmp(ids[j].id, ids[i].id) == 0; j++)
			fold_entry(ag, &ents[ids[i].idx], &ents[ids[j].idx]);
		ids[out++].idx = ids[i].idx;
		i = j;
	}
	for (size_t i = 0; i < n; i++)
		free(ids[i].id);
	/* keep the survivors in their snapshot order */
	qsort(ids, out, sizeof(*ids), ident_idx_cmp);
	for (size_t i = 0; i < out; i++)
		ents[i] = ents[ids[i].idx];
	free(ids);
	return out;
}
