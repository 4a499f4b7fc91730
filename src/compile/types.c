/*
 * D's semantic types: the built-in ones and C's conversion rules.
 */
#include "types.h"

#include <string.h>

#include "btf.h"

static void mk_int(struct dtype *t, const char *name, uint32_t size,
		   bool is_signed)
{
	t->kind = DT_INT;
	t->name = name;
	t->size = size;
	t->is_signed = is_signed;
}

void types_init(struct dtypes *t, uint64_t strsize)
{
	t->t_void = (struct dtype){ .kind = DT_VOID, .name = "void" };
	mk_int(&t->t_char, "char", 1, true);
	mk_int(&t->t_uchar, "uchar_t", 1, false);
	mk_int(&t->t_short, "short", 2, true);
	mk_int(&t->t_ushort, "ushort_t", 2, false);
	mk_int(&t->t_int, "int", 4, true);
	mk_int(&t->t_uint, "uint_t", 4, false);
	mk_int(&t->t_long, "long", 8, true);
	mk_int(&t->t_ulong, "ulong_t", 8, false);
	t->t_uchar.cname = "unsigned char";
	t->t_ushort.cname = "unsigned short";
	t->t_uint.cname = "unsigned int";
	t->t_ulong.cname = "unsigned long";
	t->t_llong = t->t_long;
	t->t_llong.cname = "long long";
	t->t_ullong = t->t_ulong;
	t->t_ullong.cname = "unsigned long long";
	t->t_bool = t->t_uchar;
	t->t_bool.cname = "_Bool";
	t->t_bool.is_bool = true;
	t->t_string = (struct dtype){ .kind = DT_STRING, .name = "string",
				      .size = (uint32_t)strsize };
	t->t_voidp = (struct dtype){ .kind = DT_PTR, .name = "void *",
				     .size = 8, .base = &t->t_void };
	mk_int(&t->t_pid, "pid_t", 4, true);
	mk_int(&t->t_uid, "uid_t", 4, false);
	mk_int(&t->t_gid, "gid_t", 4, false);
	mk_int(&t->t_id, "id_t", 4, true);
	mk_int(&t->t_u64, "uint64_t", 8, false);
	mk_int(&t->t_i64, "int64_t", 8, true);
	mk_int(&t->t_u32, "uint32_t", 4, false);
	mk_int(&t->t_cpu, "processorid_t", 4, true);
	t->t_float = (struct dtype){ .kind = DT_FLOAT, .name = "float",
				     .size = 4 };
	t->t_double = (struct dtype){ .kind = DT_FLOAT, .name = "double",
				      .size = 8 };
	t->t_agg = (struct dtype){ .kind = DT_VOID, .name = "aggregation" };
	t->t_curthread = (struct dtype){ .kind = DT_PTR, .size = 8,
					 .name = "struct task_struct *",
					 .base = &t->t_void };
}

void types_free(struct dtypes *t)
{
	if (t)
		dbtf_free(t);
}

const struct dtype *type_arith_operand(const struct dtypes *t,
				       const struct dtype *a)
{
	if (a->kind == DT_ENUM)
		return &t->t_int;
	if (a->is_bool)		/* _Bool arithmetic is on its 8 bits */
		return &t->t_uchar;
	return a;
}

/* An integer's rank: its width first, then unsigned above signed. */
static unsigned int_rank(const struct dtype *a)
{
	return a->size * 2 + !a->is_signed;
}

const struct dtype *type_arith_conv(const struct dtypes *t,
				    const struct dtype *a,
				    const struct dtype *b)
{
	if (type_is_float(a) || type_is_float(b)) {
		if (!type_is_float(b))
			return a;
		if (!type_is_float(a))
			return b;
		return b->size > a->size ? b : a;
	}
	a = type_arith_operand(t, a);
	b = type_arith_operand(t, b);
	if (!type_is_int(a) || !type_is_int(b))
		return a;
	return int_rank(b) > int_rank(a) ? b : a;
}

const char *type_name(struct arena *a, const struct dtype *t)
{
	if (t->cname)
		return t->cname;
	if (t->name)
		return t->name;
	if (t->kind == DT_PTR && t->base)
		return arena_printf(a, "%s *", type_name(a, t->base));
	if (t->kind == DT_ARRAY && t->base)
		return arena_printf(a, "%s [%u]", type_name(a, t->base),
				    t->nelems);
	return "?";
}

/* D's integer typedefs, by size and signedness (LP64) */
static const struct {
	const char *name;
	uint8_t size;
	bool is_signed;
} int_typedefs[] = {
	{ "int8_t", 1, true }, { "int16_t", 2, true }, { "int32_t", 4, true },
	{ "int64_t", 8, true }, { "intptr_t", 8, true }, { "uint8_t", 1, false },
	{ "uint16_t", 2, false }, { "uint32_t", 4, false },
	{ "uint64_t", 8, false }, { "uintptr_t", 8, false },
	{ "size_t", 8, false }, { "ssize_t", 8, true }, { "off_t", 8, true },
	{ "off64_t", 8, true }, { "pid_t", 4, true }, { "id_t", 4, true },
	{ "uid_t", 4, false }, { "gid_t", 4, false }, { "time_t", 8, true },
	{ "hrtime_t", 8, true }, { "dev_t", 8, false }, { "ino_t", 8, false },
	{ "mode_t", 4, false }, { "nlink_t", 4, false }, { "clock_t", 8, true },
	{ "processorid_t", 4, true }, { "uint_t", 4, false },
	{ "uchar_t", 1, false }, { "ushort_t", 2, false },
	{ "ulong_t", 8, false }, { "u_int", 4, false }, { "u_char", 1, false },
	{ "u_short", 2, false }, { "u_long", 8, false },
	{ "longlong_t", 8, true }, { "u_longlong_t", 8, false },
	{ "boolean_t", 4, true }, { "zoneid_t", 4, true },
	{ "taskid_t", 4, true }, { "projid_t", 4, true },
	{ "dtrace_id_t", 4, false }, { "dtrace_epid_t", 4, false },
	{ "dtrace_aggid_t", 4, false }, { "major_t", 4, false },
	{ "minor_t", 4, false }, { "key_t", 4, true }, { "caddr_t", 8, false },
};

const char *type_typedef_at(size_t i)
{
	return i < sizeof(int_typedefs) / sizeof(int_typedefs[0]) ?
	       int_typedefs[i].name : NULL;
}

const struct dtype *type_typedef(const struct dtypes *t, const char *name)
{
	const struct dtype *all[] = {
		&t->t_char, &t->t_uchar, &t->t_short, &t->t_ushort, &t->t_int,
		&t->t_uint, &t->t_long, &t->t_ulong,
	};

	for (size_t i = 0; i < sizeof(int_typedefs) / sizeof(int_typedefs[0]); i++) {
		if (strcmp(int_typedefs[i].name, name) != 0)
			continue;
		for (size_t j = 0; j < sizeof(all) / sizeof(all[0]); j++)
			if (all[j]->size == int_typedefs[i].size &&
			    all[j]->is_signed == int_typedefs[i].is_signed)
				return all[j];
	}
	return NULL;
}

const struct dtype *type_typedef_named(struct arena *a, const struct dtypes *t,
				      const char *name)
{
	const struct dtype *d = type_typedef(t, name);
	struct dtype *c;

	if (!d)
		return NULL;
	c = arena_memdup(a, d, sizeof(*c));
	c->cname = arena_strdup(a, name);
	return c;
}

const struct dtype *type_pointer(struct arena *a, const struct dtype *base)
{
	struct dtype *p = arena_alloc(a, sizeof(*p));

	p->kind = DT_PTR;
	p->size = 8;
	p->base = base;
	return p;
}

const struct dtype *type_array(struct arena *a, const struct dtype *base,
			       uint32_t n)
{
	struct dtype *p = arena_alloc(a, sizeof(*p));

	p->kind = DT_ARRAY;
	p->size = base->size * n;
	p->base = base;
	p->nelems = n;
	return p;
}

uint32_t type_ptr_scale(const struct dtype *ptr)
{
	const struct dtype *b = ptr->base;

	if (!b || b->kind == DT_VOID || b->kind == DT_FUNC || b->size == 0)
		return 1;
	return b->size;
}

static const struct dmember *member_in(struct dtypes *ts, struct arena *a,
				       const struct dmember *m,
				       const char *name)
{
	for (; m; m = m->next) {
		if (m->name && strcmp(m->name, name) == 0)
			return m;
		if (m->name || !type_is_sou(m->type))
			continue;
		/* an anonymous struct or union: its members are ours */
		const struct dmember *in = type_member(ts, a, m->type, name);

		if (in) {
			struct dmember *r = arena_memdup(a, in, sizeof(*r));

			r->bit_off += m->bit_off;
			return r;
		}
	}
	return NULL;
}

const struct dmember *type_member(struct dtypes *ts, struct arena *a,
				  const struct dtype *t, const char *name)
{
	if (!type_is_sou(t))
		return NULL;
	if (t->btf)
		return dbtf_member(ts, a, t, name);
	return member_in(ts, a, t->members, name);
}

bool type_same(const struct dtype *a, const struct dtype *b)
{
	if (a == b)
		return true;
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case DT_VOID: case DT_STRING:
		return true;
	case DT_FLOAT:
		return a->size == b->size;
	case DT_INT:
		return a->size == b->size && a->is_signed == b->is_signed;
	case DT_PTR:
		return type_same(a->base, b->base);
	case DT_ARRAY:
		return a->nelems == b->nelems && type_same(a->base, b->base);
	default:
		/* structs, unions, enums: the same definition */
		if (a->btf && a->btf == b->btf)
			return a->btf_id == b->btf_id;
		return a->name && b->name && strcmp(a->name, b->name) == 0 &&
		       a->size == b->size;
	}
}
