/*
 * D's semantic types.  Scripts' own types and (from issue 3 on) kernel
 * types read from BTF are both represented here; BTF types keep their
 * BTF id so member lookups go straight to libbpf's btf API rather than
 * being translated wholesale.
 */
#ifndef BD_TYPES_H
#define BD_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "../lib/arena.h"

enum dtype_kind {
	DT_VOID,
	DT_INT,		/* size 1, 2, 4, 8; is_signed */
	DT_STRING,	/* size: strsize */
	DT_PTR,		/* base */
	DT_ARRAY,	/* base, nelems */
	DT_STRUCT,
	DT_UNION,
	DT_ENUM,
	DT_FUNC,
};

struct dtype {
	enum dtype_kind kind;
	uint32_t size;
	bool is_signed;
	const char *name;		/* "int", "uint64_t", "string" ... */
	const struct dtype *base;	/* DT_PTR, DT_ARRAY */
	uint32_t nelems;
};

/* The types every compilation has, sized by its options. */
struct dtypes {
	struct dtype t_void, t_char, t_uchar, t_short, t_ushort, t_int,
		t_uint, t_long, t_ulong, t_string, t_voidp;
	/* names of built-ins' types */
	struct dtype t_pid, t_uid, t_gid, t_id, t_u64, t_i64, t_u32, t_cpu;
};

void types_init(struct dtypes *t, uint64_t strsize);

static inline bool type_is_int(const struct dtype *t)
{
	return t->kind == DT_INT || t->kind == DT_ENUM;
}
static inline bool type_is_arith(const struct dtype *t)
{
	return type_is_int(t);
}
static inline bool type_is_scalar(const struct dtype *t)
{
	return type_is_int(t) || t->kind == DT_PTR;
}
static inline bool type_is_string(const struct dtype *t)
{
	return t->kind == DT_STRING;
}

/*
 * C's usual arithmetic conversions (after integer promotion) for a binary
 * operator's operands: the common type.
 */
const struct dtype *type_arith_conv(const struct dtypes *t,
				    const struct dtype *a,
				    const struct dtype *b);
/* integer promotion: types narrower than int become int */
const struct dtype *type_promote(const struct dtypes *t, const struct dtype *a);
/* D's predefined integer typedefs (int8_t, size_t, pid_t ...), or NULL */
const struct dtype *type_typedef(const struct dtypes *t, const char *name);
/* a pointer to base, allocated in a */
const struct dtype *type_pointer(struct arena *a, const struct dtype *base);

/* the name a message shows for a type ("int", "string", "char *") */
const char *type_name(struct arena *a, const struct dtype *t);

#endif
