/*
 * D's semantic types.  Scripts' own types and (from issue 3 on) kernel
 * types read from BTF are both represented here; BTF types keep their
 * BTF id so member lookups go straight to libbpf's btf API rather than
 * being translated wholesale.
 */
#ifndef BD_TYPES_H
#define BD_TYPES_H

#include <stdbool.h>
#include <stddef.h>
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
	DT_FLOAT,	/* float, double: size 4 or 8 (sema_float.c) */
};

struct btf;
struct btf_cache;
struct kbtf;

/* A struct or union member (script-declared, or read from BTF on demand). */
struct dmember {
	struct dmember *next;
	const char *name;
	const struct dtype *type;
	uint32_t bit_off;		/* from the start of the struct */
	uint32_t bits;			/* bit-field width, or 0 */
};

struct dtype {
	enum dtype_kind kind;
	uint32_t size;
	bool is_signed;
	bool is_bool;			/* DT_INT _Bool: a store keeps v != 0 */
	const char *name;		/* "int", "uint64_t", "string" ... */
	const struct dtype *base;	/* DT_PTR, DT_ARRAY */
	uint32_t nelems;
	/* DT_STRUCT, DT_UNION: members of a script's own type (BTF types
	 * find theirs through btf/btf_id); incomplete until defined */
	struct dmember *members;
	bool incomplete;
	/* a kernel type: its BTF and id there (0 for a script's type) */
	struct btf *btf;
	uint32_t btf_id;
	/* the name print() shows when it differs from name: the typedef
	 * the script wrote (uint64_t) or a base type's C name (unsigned
	 * char); NULL: name */
	const char *cname;
};

/* A name a script declared: struct/union/enum tag, typedef, enumerator. */
enum dname_kind { DN_TAG, DN_TYPEDEF, DN_ENUMERATOR };

struct dname {
	struct dname *next;
	enum dname_kind kind;
	const char *name;		/* tags: "struct foo", "enum e" */
	const struct dtype *type;	/* the enumerator's: its enum */
	int64_t value;			/* DN_ENUMERATOR */
	const struct dtype *target;	/* DN_TYPEDEF: the type it names */
	/* declared in a header cpp included: DTrace's "C" container, not
	 * its "D" one (ctf_out.c) */
	bool cdefs;
};

/* The types every compilation has, sized by its options. */
struct dtypes {
	struct dtype t_void, t_char, t_uchar, t_short, t_ushort, t_int,
		t_uint, t_long, t_ulong, t_string, t_voidp;
	/* long long, unsigned long long and bool: long, ulong_t and
	 * uchar_t to the compiler, with their own C names for print() */
	struct dtype t_llong, t_ullong, t_bool;
	/* names of built-ins' types */
	struct dtype t_pid, t_uid, t_gid, t_id, t_u64, t_i64, t_u32, t_cpu;
	/* curthread until sema resolves struct task_struct * from BTF */
	struct dtype t_curthread;
	/* float and double: values, but neither arithmetic nor scalar */
	struct dtype t_float, t_double;
	/* an aggregation named as a function's argument (printa(@a)):
	 * no value; DTrace's messages call its type "aggregation" */
	struct dtype t_agg;
	/* the script's own type names (sema_type.c) */
	struct dname *names;
	/* kernel BTF, loaded on first use (btf.c): a reference to the
	 * run's copy, dropped by types_free or once compiled */
	struct kbtf *kbtf;
	bool btf_released;		/* dbtf_release: never read again */
	struct btf_cache *caches;	/* converted types, per BTF read */
};

void types_init(struct dtypes *t, uint64_t strsize);
/* release the BTF the types hold (t may be NULL) */
void types_free(struct dtypes *t);

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
static inline bool type_is_float(const struct dtype *t)
{
	return t->kind == DT_FLOAT;
}
static inline bool type_is_string(const struct dtype *t)
{
	return t->kind == DT_STRING;
}
static inline bool type_is_sou(const struct dtype *t)
{
	return t->kind == DT_STRUCT || t->kind == DT_UNION;
}
/* char, signed char or unsigned char */
static inline bool type_is_char(const struct dtype *t)
{
	return t->kind == DT_INT && t->size == 1;
}
/* an array of char or a pointer to char: usable where D wants a string */
static inline bool type_is_char_seq(const struct dtype *t)
{
	return (t->kind == DT_ARRAY || t->kind == DT_PTR) && t->base &&
	       type_is_char(t->base);
}
/* an array of known size other than a char array (which D treats as a
 * string): a variable may hold one by value */
static inline bool type_is_array_obj(const struct dtype *t)
{
	return t->kind == DT_ARRAY && !type_is_char_seq(t) && t->nelems > 0 &&
	       t->size > 0;
}
/* long double: 16 bytes no register holds, passed by address as DTrace
 * does (DT_NF_REF for a float wider than 8 bytes) */
static inline bool type_is_ldouble(const struct dtype *t)
{
	return t->kind == DT_FLOAT && t->size > 8;
}
/* structs, unions, arrays and long double: held by value, passed by
 * address */
static inline bool type_is_byval(const struct dtype *t)
{
	return type_is_sou(t) || type_is_array_obj(t) || type_is_ldouble(t);
}
/* a dynamic variable's value held by value: also a declared char array
 * (`self char a[8]`), whose elements are stored and read like an int
 * array's, and which reads as the string it holds */
static inline bool type_is_dvar_byval(const struct dtype *t)
{
	return type_is_byval(t) ||
	       (t->kind == DT_ARRAY && t->nelems > 0 && t->size > 0);
}

/*
 * D's usual arithmetic conversions for a binary operator's operands (as
 * DTrace's dt_type_promote): the common type is the operand type of
 * higher rank, by width and then unsignedness, with no promotion to
 * int: an unsigned char plus a signed char is an unsigned char.  Values
 * are computed in 64 bits; the type narrows them only where they are
 * stored (variables, records) or cast.
 */
const struct dtype *type_arith_conv(const struct dtypes *t,
				    const struct dtype *a,
				    const struct dtype *b);
/* an operand's type in arithmetic: an enum is an int, a _Bool its byte */
const struct dtype *type_arith_operand(const struct dtypes *t,
				       const struct dtype *a);
/* D's predefined integer typedefs (int8_t, size_t, pid_t ...), or NULL */
const struct dtype *type_typedef(const struct dtypes *t, const char *name);
/* the name of D's i-th predefined integer typedef, NULL past the last */
const char *type_typedef_at(size_t i);
/* the same, as a copy that keeps the typedef's name for print() */
const struct dtype *type_typedef_named(struct arena *a, const struct dtypes *t,
				      const char *name);
/* a pointer to base, allocated in a */
const struct dtype *type_pointer(struct arena *a, const struct dtype *base);
/* an array of n elements of base */
const struct dtype *type_array(struct arena *a, const struct dtype *base,
			       uint32_t n);
/* the pointed-to size pointer arithmetic scales by (void: 1) */
uint32_t type_ptr_scale(const struct dtype *ptr);
/*
 * The member `name` of struct/union t (looked up through anonymous
 * members; BTF types via btf.c), its bit offset accumulated; NULL if
 * there is none.
 */
const struct dmember *type_member(struct dtypes *ts, struct arena *a,
				  const struct dtype *t, const char *name);
/* same type, as far as assignment and pointer compatibility go */
bool type_same(const struct dtype *a, const struct dtype *b);

/* the name a message shows for a type ("int", "string", "char *") */
const char *type_name(struct arena *a, const struct dtype *t);

#endif
