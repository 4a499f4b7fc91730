/*
 * Kernel types from BTF (see btf.h).  Each BTF loaded (vmlinux, modules)
 * keeps a cache of the D types made from it, by type id, so a type is
 * converted once and every use of it is the same struct dtype.
 * Conversion is shallow: a struct is its name, size and (BTF, id); its
 * members are converted when a script names one.  Pointers convert
 * their target at once, which terminates because structs stop the walk.
 */
#include "btf.h"

#include <bpf/btf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/btf_path.h"
#include "../lib/kbtf.h"

/* the D types converted from one BTF, by type id */
struct btf_cache {
	struct btf_cache *next;
	struct btf *btf;
	const struct dtype **cache;
	uint32_t ntypes;
};

static struct btf_cache *cache_of(struct dtypes *t, struct btf *btf)
{
	struct btf_cache *m;

	for (m = t->caches; m; m = m->next)
		if (m->btf == btf)
			return m;
	m = xcalloc(1, sizeof(*m));
	m->btf = btf;
	m->ntypes = btf__type_cnt(btf);
	m->cache = xcalloc(m->ntypes, sizeof(*m->cache));
	m->next = t->caches;
	t->caches = m;
	return m;
}

void dbtf_share(struct dtypes *t, struct kbtf *k)
{
	kbtf_put(t->kbtf);
	t->kbtf = kbtf_get(k);
}

/* the run's kernel BTF; NULL once released */
static struct kbtf *kbtf_of(struct dtypes *t)
{
	if (!t->kbtf && !t->btf_released)
		t->kbtf = kbtf_new();
	return t->kbtf;
}

struct btf *dbtf_vmlinux(struct dtypes *t)
{
	struct kbtf *k = kbtf_of(t);

	return k ? kbtf_vmlinux(k) : NULL;
}

int dbtf_offsetof(struct dtypes *t, const char *sname, const char *member)
{
	return btfp_offsetof(dbtf_vmlinux(t), sname, member);
}

struct btf *dbtf_module(struct dtypes *t, const char *mod)
{
	struct kbtf *k = kbtf_of(t);

	return k ? kbtf_module(k, mod) : NULL;
}

static const char *btf_str(const struct btf *btf, uint32_t off)
{
	const char *s = btf__name_by_offset(btf, off);

	return s && *s ? s : NULL;
}

static struct dtype *new_type(struct arena *a, const struct dtype **slot,
			      enum dtype_kind kind, struct btf *btf,
			      uint32_t id)
{
	struct dtype *d = arena_alloc(a, sizeof(*d));

	d->kind = kind;
	d->btf = btf;
	d->btf_id = id;
	*slot = d;
	return d;
}

static const struct dtype *convert(struct dtypes *ts, struct arena *a,
				   struct btf_cache *m, uint32_t id);

/* typedefs keep their target's meaning under their own name */
static const struct dtype *convert_typedef(struct dtypes *ts,
					   struct arena *a,
					   struct btf_cache *m,
					   const struct btf_type *bt,
					   uint32_t id)
{
	const struct dtype *target = convert(ts, a, m, bt->type);
	struct dtype *d = arena_memdup(a, target, sizeof(*d));

	d->name = btf_str(m->btf, bt->name_off);
	m->cache[id] = d;
	return d;
}

static const struct dtype *convert(struct dtypes *ts, struct arena *a,
				   struct btf_cache *m, uint32_t id)
{
	struct btf *btf = m->btf;

	if (id == 0 || id >= m->ntypes)
		return &ts->t_void;
	if (m->cache[id])
		return m->cache[id];
	const struct btf_type *bt = btf__type_by_id(btf, id);
	const char *name = btf_str(btf, bt->name_off);
	struct dtype *d;

	switch (btf_kind(bt)) {
	case BTF_KIND_INT: {
		uint32_t enc = btf_int_encoding(bt);

		d = new_type(a, &m->cache[id], DT_INT, btf, id);
		d->size = bt->size;
		d->is_signed = enc & BTF_INT_SIGNED;
		d->is_bool = (enc & BTF_INT_BOOL) || strcmp(name, "_Bool") == 0;
		d->name = name;
		return d;
	}
	case BTF_KIND_PTR:
		d = new_type(a, &m->cache[id], DT_PTR, btf, id);
		d->size = 8;
		d->base = convert(ts, a, m, bt->type);
		return d;
	case BTF_KIND_ARRAY: {
		const struct btf_array *arr = btf_array(bt);

		d = new_type(a, &m->cache[id], DT_ARRAY, btf, id);
		d->base = convert(ts, a, m, arr->type);
		d->nelems = arr->nelems;
		d->size = d->base->size * arr->nelems;
		return d;
	}
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: {
		bool s = btf_kind(bt) == BTF_KIND_STRUCT;

		d = new_type(a, &m->cache[id], s ? DT_STRUCT : DT_UNION, btf, id);
		d->size = bt->size;
		d->name = arena_printf(a, "%s %s", s ? "struct" : "union",
				       name ? name : "<anon>");
		return d;
	}
	case BTF_KIND_FWD:
		d = new_type(a, &m->cache[id], btf_kflag(bt) ? DT_UNION : DT_STRUCT,
			     btf, id);
		d->incomplete = true;
		d->name = arena_printf(a, "%s %s", btf_kflag(bt) ? "union" : "struct",
				       name ? name : "<anon>");
		return d;
	case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
		d = new_type(a, &m->cache[id], DT_ENUM, btf, id);
		d->size = bt->size;
		d->is_signed = btf_kflag(bt);
		d->name = arena_printf(a, "enum %s", name ? name : "<anon>");
		return d;
	case BTF_KIND_TYPEDEF:
		return convert_typedef(ts, a, m, bt, id);
	case BTF_KIND_CONST: case BTF_KIND_VOLATILE: case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		return m->cache[id] = convert(ts, a, m, bt->type);
	case BTF_KIND_FUNC_PROTO: case BTF_KIND_FUNC:
		d = new_type(a, &m->cache[id], DT_FUNC, btf, id);
		d->name = name ? name : "function";
		return d;
	case BTF_KIND_FLOAT:
		if (bt->size == 4 || bt->size == 8)
			return m->cache[id] = bt->size == 4 ? &ts->t_float :
							      &ts->t_double;
		/* long double: no register holds it (sema_float.c) */
		/* fall through */
	default:
		/* the rest: opaque bytes of their size */
		d = new_type(a, &m->cache[id], DT_ARRAY, btf, id);
		d->base = &ts->t_uchar;
		d->size = d->nelems = (uint32_t)btf__resolve_size(btf, id);
		d->name = name;
		return d;
	}
}

const struct dtype *dbtf_type(struct dtypes *t, struct arena *a,
			      struct btf *btf, uint32_t id)
{
	return btf ? convert(t, a, cache_of(t, btf), id) : &t->t_void;
}

static int kind_of(enum dtype_kind k)
{
	switch (k) {
	case DT_STRUCT: return BTF_KIND_STRUCT;
	case DT_UNION: return BTF_KIND_UNION;
	case DT_ENUM: return BTF_KIND_ENUM;
	default: return -1;
	}
}

static const struct dtype *lookup_in(struct dtypes *t, struct arena *a,
				     struct btf *btf, enum dtype_kind kind,
				     const char *name)
{
	int id = -1;

	if (!btf)
		return NULL;
	if (kind == DT_VOID) {
		id = btf__find_by_name_kind(btf, name, BTF_KIND_TYPEDEF);
		if (id < 0)
			id = btf__find_by_name_kind(btf, name, BTF_KIND_INT);
	} else {
		id = btf__find_by_name_kind(btf, name, kind_of(kind));
		if (id < 0 && kind == DT_ENUM)
			id = btf__find_by_name_kind(btf, name, BTF_KIND_ENUM64);
	}
	return id > 0 ? dbtf_type(t, a, btf, (uint32_t)id) : NULL;
}

/* The first of the loaded modules with BTF that has the type or variable. */
static const struct dtype *each_module(struct dtypes *t, struct arena *a,
				       enum dtype_kind kind, const char *name,
				       bool var)
{
	struct kbtf *k = kbtf_of(t);
	const struct dtype *r = NULL;

	for (size_t i = 0; k && !r && i < kbtf_nmodules(k); i++) {
		const char *mod = kbtf_module_name(k, i);
		struct btf *b = kbtf_module(k, mod);

		if (b)
			r = var ? dbtf_var(t, a, mod, name)
				: lookup_in(t, a, b, kind, name);
	}
	return r;
}

const struct dtype *dbtf_lookup(struct dtypes *t, struct arena *a,
				const char *module, enum dtype_kind kind,
				const char *name)
{
	if (module)
		return lookup_in(t, a, dbtf_module(t, module), kind, name);
	const struct dtype *r = lookup_in(t, a, dbtf_vmlinux(t), kind, name);

	return r ? r : each_module(t, a, kind, name, false);
}

static const struct btf_type *skip_mods(const struct btf *btf, uint32_t *id)
{
	const struct btf_type *bt = btf__type_by_id(btf, *id);

	while (bt && (btf_is_mod(bt) || btf_is_typedef(bt))) {
		*id = bt->type;
		bt = btf__type_by_id(btf, *id);
	}
	return bt;
}

const struct dmember *dbtf_member(struct dtypes *t, struct arena *a,
				  const struct dtype *sou, const char *name)
{
	uint32_t id = sou->btf_id;
	const struct btf_type *bt = skip_mods(sou->btf, &id);

	if (!bt || !btf_is_composite(bt))
		return NULL;
	const struct btf_member *mb = btf_members(bt);

	for (int i = 0; i < btf_vlen(bt); i++, mb++) {
		const char *mn = btf_str(sou->btf, mb->name_off);
		const struct dtype *mt = dbtf_type(t, a, sou->btf, mb->type);
		uint32_t off = btf_member_bit_offset(bt, i);
		const struct dmember *in = NULL;

		if (mn && strcmp(mn, name) == 0) {
			struct dmember *r = arena_alloc(a, sizeof(*r));

			r->name = mn;
			r->type = mt;
			r->bit_off = off;
			r->bits = btf_member_bitfield_size(bt, i);
			return r;
		}
		if (!mn && type_is_sou(mt) && (in = dbtf_member(t, a, mt, name))) {
			struct dmember *r = arena_memdup(a, in, sizeof(*r));

			r->bit_off += off;
			return r;
		}
	}
	return NULL;
}

const struct dtype *dbtf_var(struct dtypes *t, struct arena *a,
			     const char *module, const char *name)
{
	if (!module) {
		const struct dtype *r = dbtf_var(t, a, "vmlinux", name);

		return r ? r : each_module(t, a, DT_VOID, name, true);
	}
	struct btf *btf = dbtf_module(t, module);
	int id = btf ? btf__find_by_name_kind(btf, name, BTF_KIND_VAR) : -1;

	if (id <= 0)
		return NULL;
	return dbtf_type(t, a, btf, btf__type_by_id(btf, (uint32_t)id)->type);
}

void dbtf_free(struct dtypes *t)
{
	struct btf_cache *m = t->caches, *next;

	for (; m; m = next) {
		next = m->next;
		free(m->cache);
		free(m);
	}
	t->caches = NULL;
	kbtf_put(t->kbtf);
	t->kbtf = NULL;
}

void dbtf_release(struct dtypes *t)
{
	dbtf_free(t);
	t->btf_released = true;	/* never loaded again for this object */
}
