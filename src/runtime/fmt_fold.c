/*
 * -x aggfold: aggregations keyed by stacks printed as folded stacks, the
 * input of flame graph tools (flamegraph.pl, inferno, speedscope):
 *
 *	bash;main;read;vfs_read 12
 *
 * one line per entry: its frames from the root to the leaf joined by
 * ';', a space, the value.  A key of several parts makes one stack:
 * the keys that are not stacks first (a program's name becomes the
 * root frame, as flame graphs group by process), then user stacks, then
 * kernel stacks on top, each stack reversed (recorded leaf first).
 * Frames are named as in the text output without their offsets
 * ("vmlinux`vfs_read"), so that samples in one function merge, as
 * FlameGraph's stackcollapse scripts do; a ';' in a name becomes ':'.
 * Only count(), sum(), min(), max() and avg() fold: a histogram has no
 * single value, and such an aggregation prints as usual.
 */
#include "fmt.h"

#include <string.h>

static uint64_t word(const void *data, uint32_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)data + off, sizeof(v));
	return v;
}

bool fmt_fold_applies(const struct dagg *agg)
{
	bool stack = false;

	for (int i = 0; i < agg->nkeys; i++)
		stack |= agg->keys[i].kind == DV_STACK ||
			 agg->keys[i].kind == DV_USTACK;
	return stack && agg->func <= AGG_MAX;
}

/* One frame: ';' separated from the last, ';' in it made ':'. */
static void put_frame(struct strbuf *out, const char *s, size_t n, bool *first)
{
	if (!*first)
		sb_addc(out, ';');
	*first = false;
	for (size_t i = 0; i < n; i++)
		sb_addc(out, s[i] == ';' ? ':' : s[i]);
}

static void put_stack(struct strbuf *out, const struct dval *k,
		      const void *key, const struct fmt_syms *syms,
		      bool *first)
{
	bool user = k->kind == DV_USTACK;
	uint32_t base = user ? 8 : 0, n = 0;
	uint64_t pid = user ? word(key, k->offset) : 0;
	struct strbuf f = { 0 };

	while (base + (n + 1) * 8 <= k->size &&
	       word(key, k->offset + base + n * 8))
		n++;
	while (n--) {	/* the root (outermost frame) first */
		const char *plus;

		sb_reset(&f);
		fmt_addr2str(&f, syms, user, pid,
			     word(key, k->offset + base + n * 8));
		plus = strrchr(sb_str(&f), '+');
		put_frame(out, sb_str(&f), plus ? (size_t)(plus - f.buf)
						 : f.len, first);
	}
	sb_free(&f);
}

/* Keys of one kind (stacks of one kind, or every other key) in order. */
static void put_keys(struct strbuf *out, const struct dagg *agg,
		     const struct agg_entry *e, int kind, bool *first)
{
	struct strbuf t = { 0 };

	for (int i = 0; i < agg->nkeys; i++) {
		const struct dval *k = &agg->keys[i];
		bool stack = k->kind == DV_STACK || k->kind == DV_USTACK;
		const char *p = (const char *)e->key + k->offset;

		if (stack ? (int)k->kind != kind : kind >= 0)
			continue;
		if (stack) {
			put_stack(out, k, e->key, e->syms, first);
			continue;
		}
		sb_reset(&t);
		if (k->kind == DV_STRING)
			fmt_text(&t, p, strnlen(p, k->size),
				 fmt_text_mode(e->syms, k));
		else if (fmt_is_symval(k))
			fmt_symval_str(&t, k, e->key, e->syms);
		else if (k->kind == DV_INT && k->size <= 8 && k->is_signed)
			sb_printf(&t, "%lld", (long long)fmt_val_sint(k, e->key));
		else if (k->size <= 8)
			sb_printf(&t, "%llu",
				  (unsigned long long)fmt_val_uint(k, e->key));
		if (t.len)
			put_frame(out, t.buf, t.len, first);
	}
	sb_free(&t);
}

void fmt_fold_entry(struct strbuf *out, const struct dagg *agg,
		    const struct agg_entry *e)
{
	int64_t n = (int64_t)word(e->val, 0);
	int64_t v = (int64_t)word(e->val, 8 * (agg->func != AGG_COUNT &&
						agg->func != AGG_SUM));
	bool first = true;

	put_keys(out, agg, e, -1, &first);
	put_keys(out, agg, e, DV_USTACK, &first);
	put_keys(out, agg, e, DV_STACK, &first);
	if (first)	/* no frame at all: one all the same */
		sb_adds(out, "[unknown]");
	if (agg->func == AGG_AVG)
		v = n ? v / n : 0;
	sb_printf(out, " %lld\n", (long long)v);
}
