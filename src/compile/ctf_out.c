/*
 * The CTF writer behind -x ctypes and -x dtypes.  DTrace keeps its types
 * in two libctf containers and writes them with ctf_write() at the end
 * of each compilation: "C" holds C's intrinsic integers and floats and
 * what the headers cpp included declare, "D" holds D's typedefs, the
 * string type and what the program itself declares.  bdtrace keeps one
 * list of declared names, each marked with its container (dname.cdefs),
 * and writes the same two sets here.
 *
 * The file is a CTF v3 dictionary as GNU libctf reads it (binutils'
 * include/ctf.h): a header, an empty label, object, function and
 * variable section, the type section (records numbered from 1, each
 * referring to others by number) and the string table.  DTrace's "D"
 * is a child of "C", whose types it refers to without holding them;
 * each file here stands alone instead, the C types a D type refers to
 * copied in, so that `objdump --ctf` reads either one by itself.
 */
#include "ctf_out.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/strbuf.h"
#include "../lib/vec.h"
#include "types.h"

/* The format's constants (include/ctf.h of binutils). */
enum {
	CTF_MAGIC = 0xdff2,
	CTF_VERSION_3 = 4,
	CTF_F_NEWFUNCINFO = 0x2,	/* what libctf writes; no functions here */
	CTF_LSIZE_SENT = 0xffffffff,	/* ctt_size: the size follows, 64-bit */
	CTF_LSTRUCT_THRESH = 536870912,	/* struct sizes needing 64-bit offsets */
	CTF_INT_SIGNED = 0x1, CTF_INT_CHAR = 0x2, CTF_INT_BOOL = 0x4,
	CTF_FP_SINGLE = 1, CTF_FP_DOUBLE = 2, CTF_FP_LDOUBLE = 6,
};

enum ctf_kind {
	K_INTEGER = 1, K_FLOAT = 2, K_POINTER = 3, K_ARRAY = 4,
	K_FUNCTION = 5, K_STRUCT = 6, K_UNION = 7, K_ENUM = 8,
	K_FORWARD = 9, K_TYPEDEF = 10,
};

/* One type record: ctf_stype_t (or ctf_type_t) and its variable data. */
struct rec {
	uint32_t name;		/* string table offset; 0: no name */
	enum ctf_kind kind;
	bool root;		/* found by name (not a duplicate) */
	uint32_t vlen;		/* members, enumerators or arguments */
	uint32_t size_type;	/* ctt_size, or ctt_type */
	size_t data, ndata;	/* its words of variable data in w->words */
};

/* What a record was made for, so each is made once. */
struct memo {
	int tag;
	const void *p;
	const char *s;
	uint32_t a, b, id;
};

enum { M_TYPE, M_INTRINSIC, M_DTYPEDEF, M_NAMEDINT, M_PTR, M_ARRAY, M_BITS };

struct writer {
	const struct dtypes *t;
	VEC(struct rec) recs;		/* type id i + 1 */
	VEC(uint32_t) words;
	VEC(struct memo) memo;
	struct strbuf strs;
};

/*
 * C's intrinsic types, as DTrace's "C" container has them for LP64
 * (void is an integer of no bits there, as GCC writes it in CTF too).
 */
static const struct intrinsic {
	const char *name;
	enum ctf_kind kind;
	uint8_t enc;
	uint16_t bits;
} intrinsics[] = {
	{ "void", K_INTEGER, CTF_INT_SIGNED, 0 },
	{ "signed", K_INTEGER, CTF_INT_SIGNED, 32 },
	{ "unsigned", K_INTEGER, 0, 32 },
	{ "char", K_INTEGER, CTF_INT_CHAR | CTF_INT_SIGNED, 8 },
	{ "short", K_INTEGER, CTF_INT_SIGNED, 16 },
	{ "int", K_INTEGER, CTF_INT_SIGNED, 32 },
	{ "long", K_INTEGER, CTF_INT_SIGNED, 64 },
	{ "long long", K_INTEGER, CTF_INT_SIGNED, 64 },
	{ "signed char", K_INTEGER, CTF_INT_SIGNED | CTF_INT_CHAR, 8 },
	{ "signed short", K_INTEGER, CTF_INT_SIGNED, 16 },
	{ "signed int", K_INTEGER, CTF_INT_SIGNED, 32 },
	{ "signed long", K_INTEGER, CTF_INT_SIGNED, 64 },
	{ "signed long long", K_INTEGER, CTF_INT_SIGNED, 64 },
	{ "unsigned char", K_INTEGER, CTF_INT_CHAR, 8 },
	{ "unsigned short", K_INTEGER, 0, 16 },
	{ "unsigned int", K_INTEGER, 0, 32 },
	{ "unsigned long", K_INTEGER, 0, 64 },
	{ "unsigned long long", K_INTEGER, 0, 64 },
	{ "_Bool", K_INTEGER, CTF_INT_BOOL, 8 },
	{ "float", K_FLOAT, CTF_FP_SINGLE, 32 },
	{ "double", K_FLOAT, CTF_FP_DOUBLE, 64 },
	{ "long double", K_FLOAT, CTF_FP_LDOUBLE, 128 },
};

static uint32_t type_id(struct writer *w, const struct dtype *d);

static uint32_t str_add(struct writer *w, const char *s)
{
	if (!s || !*s)
		return 0;
	for (size_t off = 1; off < w->strs.len; off += strlen(w->strs.buf + off) + 1)
		if (strcmp(w->strs.buf + off, s) == 0)
			return (uint32_t)off;
	uint32_t off = (uint32_t)w->strs.len;

	sb_addn(&w->strs, s, strlen(s) + 1);
	return off;
}

static uint32_t *memo_find(struct writer *w, int tag, const void *p,
			   const char *s, uint32_t a, uint32_t b)
{
	for (size_t i = 0; i < w->memo.len; i++) {
		struct memo *m = &w->memo.data[i];

		if (m->tag == tag && m->p == p && m->a == a && m->b == b &&
		    (m->s == s || (m->s && s && strcmp(m->s, s) == 0)))
			return &m->id;
	}
	return NULL;
}

static void memo_add(struct writer *w, int tag, const void *p, const char *s,
		     uint32_t a, uint32_t b, uint32_t id)
{
	struct memo m = { tag, p, s, a, b, id };

	vec_push(&w->memo, m);
}

/* the namespace a name is looked up in: tags apart from other names */
static int name_space(enum ctf_kind k, uint32_t fwd_kind)
{
	if (k == K_FORWARD)
		k = fwd_kind ? (enum ctf_kind)fwd_kind : K_STRUCT;
	return k == K_STRUCT || k == K_UNION || k == K_ENUM ? k : 0;
}

/*
 * A new record; only the first of a name in its namespace is a root
 * type (found by name), as libctf's ctf_add_*() with CTF_ADD_ROOT would
 * refuse the second.
 */
static uint32_t rec_add(struct writer *w, enum ctf_kind kind, const char *name,
			uint32_t size_type)
{
	struct rec r = { .name = str_add(w, name), .kind = kind, .root = true,
			 .size_type = size_type };

	for (size_t i = 0; r.name && i < w->recs.len; i++) {
		const struct rec *o = &w->recs.data[i];

		if (o->root && o->name == r.name &&
		    name_space(o->kind, o->size_type) ==
		    name_space(kind, size_type))
			r.root = false;
	}
	vec_push(&w->recs, r);
	return (uint32_t)w->recs.len;
}

static void rec_words(struct writer *w, uint32_t id, const uint32_t *v,
		      size_t n, uint32_t vlen)
{
	struct rec *r = &w->recs.data[id - 1];

	r->data = w->words.len;
	r->ndata = n;
	r->vlen = vlen;
	for (size_t i = 0; i < n; i++)
		vec_push(&w->words, v[i]);
}

/* an integer or float record of bits (integers: in whole bytes, a power
 * of two of them, as libctf sizes them) */
static uint32_t scalar_add(struct writer *w, enum ctf_kind kind,
			   const char *name, uint8_t enc, uint16_t bits)
{
	uint32_t size = 0, data = (uint32_t)enc << 24 | bits;

	if (bits)
		for (size = 1; size * 8 < bits; size *= 2)
			;
	uint32_t id = rec_add(w, kind, name, size);

	rec_words(w, id, &data, 1, 0);
	return id;
}

static uint32_t intrinsic(struct writer *w, const char *name)
{
	for (size_t i = 0; i < sizeof(intrinsics) / sizeof(intrinsics[0]); i++) {
		const struct intrinsic *in = &intrinsics[i];
		uint32_t *id;

		if (strcmp(in->name, name) != 0)
			continue;
		if ((id = memo_find(w, M_INTRINSIC, in, NULL, 0, 0)))
			return *id;
		uint32_t n = scalar_add(w, in->kind, in->name, in->enc, in->bits);

		memo_add(w, M_INTRINSIC, in, NULL, 0, 0, n);
		return n;
	}
	return 0;
}

static bool is_intrinsic(const char *name)
{
	for (size_t i = 0; name && i < sizeof(intrinsics) / sizeof(intrinsics[0]); i++)
		if (strcmp(intrinsics[i].name, name) == 0)
			return true;
	return false;
}

/* the C integer of a size and signedness, DTrace's choice for typedefs */
static uint32_t int_by_size(struct writer *w, uint32_t size, bool is_signed)
{
	static const char *const names[][2] = {
		{ "unsigned char", "signed char" }, { "unsigned short", "short" },
		{ "unsigned int", "int" }, { "unsigned long", "long" },
	};
	int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;

	return intrinsic(w, names[i][is_signed]);
}

static uint32_t typedef_add(struct writer *w, const char *name, uint32_t target)
{
	return rec_add(w, K_TYPEDEF, name, target);
}

/* a typedef naming an integer of d's size: D's own (uint64_t ...) or
 * one of the kernel's (u32) */
static uint32_t named_int(struct writer *w, const char *name,
			  const struct dtype *d)
{
	int tag = type_typedef(w->t, name) ? M_DTYPEDEF : M_NAMEDINT;
	uint32_t *id = memo_find(w, tag, NULL, name, 0, 0);

	if (id)
		return *id;
	if (tag == M_DTYPEDEF)
		d = type_typedef(w->t, name);
	uint32_t n = typedef_add(w, name, int_by_size(w, d->size, d->is_signed));

	memo_add(w, tag, NULL, name, 0, 0, n);
	return n;
}

static uint32_t int_id(struct writer *w, const struct dtype *d)
{
	const char *name = d->cname ? d->cname : d->name;

	if (d->is_bool)
		return intrinsic(w, "_Bool");
	if (is_intrinsic(name))
		return intrinsic(w, name);
	if (name)
		return named_int(w, name, d);
	return int_by_size(w, d->size, d->is_signed);
}

static uint32_t derived(struct writer *w, int tag, uint32_t a, uint32_t b)
{
	uint32_t *id = memo_find(w, tag, NULL, NULL, a, b);
	uint32_t n;

	if (id)
		return *id;
	if (tag == M_PTR) {
		n = rec_add(w, K_POINTER, NULL, a);
	} else {	/* an array of b a's, indexed by long as DTrace's */
		uint32_t arr[3] = { a, intrinsic(w, "long"), b };

		n = rec_add(w, K_ARRAY, NULL, 0);
		rec_words(w, n, arr, 3, 0);
	}
	memo_add(w, tag, NULL, NULL, a, b, n);
	return n;
}

/* "struct foo" is foo in CTF's struct namespace; "struct <anon>" none */
static const char *tag_name(const char *name)
{
	const char *sp = name ? strchr(name, ' ') : NULL;

	if (!sp || strcmp(sp + 1, "<anon>") == 0)
		return NULL;
	return sp + 1;
}

/* a bit-field member's type: an integer of its width, not found by
 * name, as DTrace's dt_decl_member() adds one */
static uint32_t bitfield(struct writer *w, const struct dtype *d, uint32_t bits)
{
	uint32_t *id = memo_find(w, M_BITS, NULL, NULL, d->is_signed, bits);
	const char *name = d->size == 1 ? (d->is_signed ? "char" : "unsigned char") :
			   d->size == 2 ? (d->is_signed ? "short" : "unsigned short") :
			   d->size == 4 ? (d->is_signed ? "int" : "unsigned int") :
			   d->is_signed ? "long" : "unsigned long";

	if (id)
		return *id;
	uint32_t n = scalar_add(w, K_INTEGER, name,
				d->is_signed ? CTF_INT_SIGNED : 0, (uint16_t)bits);

	w->recs.data[n - 1].root = false;
	memo_add(w, M_BITS, NULL, NULL, d->is_signed, bits, n);
	return n;
}

static uint32_t sou_id(struct writer *w, const struct dtype *d, uint32_t id)
{
	VEC(uint32_t) v = { 0 };
	uint32_t n = 0;
	bool big = d->size >= CTF_LSTRUCT_THRESH;

	for (const struct dmember *m = d->members; m; m = m->next, n++) {
		uint32_t mt = m->bits ? bitfield(w, m->type, m->bits) :
					type_id(w, m->type);
		uint32_t name = str_add(w, m->name);

		vec_push(&v, name);
		if (big) {	/* ctf_lmember_t */
			vec_push(&v, 0u);
			vec_push(&v, mt);
			vec_push(&v, m->bit_off);
		} else {	/* ctf_member_t */
			vec_push(&v, m->bit_off);
			vec_push(&v, mt);
		}
	}
	rec_words(w, id, v.data, v.len, n);
	vec_free(&v);
	return id;
}

static uint32_t enum_id(struct writer *w, const struct dtype *d, uint32_t id)
{
	VEC(uint32_t) v = { 0 };
	VEC(const struct dname *) e = { 0 };

	/* the names list is newest first */
	for (const struct dname *dn = w->t->names; dn; dn = dn->next)
		if (dn->kind == DN_ENUMERATOR && dn->type == d)
			vec_push(&e, dn);
	for (size_t i = e.len; i-- > 0;) {
		uint32_t name = str_add(w, e.data[i]->name);

		vec_push(&v, name);
		vec_push(&v, (uint32_t)(int32_t)e.data[i]->value);
	}
	rec_words(w, id, v.data, v.len, (uint32_t)e.len);
	vec_free(&v);
	vec_free(&e);
	return id;
}

/* struct, union or enum: numbered before its members, which may point
 * back at it; a kernel type, or one never completed, as a forward */
static uint32_t tagged_id(struct writer *w, const struct dtype *d)
{
	enum ctf_kind k = d->kind == DT_STRUCT ? K_STRUCT :
			  d->kind == DT_UNION ? K_UNION : K_ENUM;
	uint32_t id;

	if (d->btf || d->incomplete) {
		id = rec_add(w, K_FORWARD, tag_name(d->name), k);
		memo_add(w, M_TYPE, d, NULL, 0, 0, id);
		return id;
	}
	id = rec_add(w, k, tag_name(d->name), d->size);
	memo_add(w, M_TYPE, d, NULL, 0, 0, id);
	return k == K_ENUM ? enum_id(w, d, id) : sou_id(w, d, id);
}

/* the script's typedef whose type d is, if any */
static const struct dname *typedef_of(const struct writer *w,
				      const struct dtype *d)
{
	for (const struct dname *dn = w->t->names; dn; dn = dn->next)
		if (dn->kind == DN_TYPEDEF && dn->type == d && dn->target)
			return dn;
	return NULL;
}

static uint32_t type_id(struct writer *w, const struct dtype *d)
{
	const struct dname *td;
	uint32_t *id, n;

	if (!d)
		return intrinsic(w, "void");
	if ((id = memo_find(w, M_TYPE, d, NULL, 0, 0)))
		return *id;
	if ((td = typedef_of(w, d))) {
		n = typedef_add(w, td->name, 0);
		memo_add(w, M_TYPE, d, NULL, 0, 0, n);
		w->recs.data[n - 1].size_type = type_id(w, td->target);
		return n;
	}
	switch (d->kind) {
	case DT_VOID:
		return intrinsic(w, "void");
	case DT_INT:
		return int_id(w, d);
	case DT_FLOAT:
		return intrinsic(w, d->size == 4 ? "float" :
				    d->size == 8 ? "double" : "long double");
	case DT_STRING:
		if ((id = memo_find(w, M_NAMEDINT, NULL, "string", 0, 0)))
			return *id;
		/* char[strsize]: the type's size holds the NUL too */
		n = typedef_add(w, "string", derived(w, M_ARRAY,
				intrinsic(w, "char"), d->size - 1));
		memo_add(w, M_NAMEDINT, NULL, "string", 0, 0, n);
		return n;
	case DT_PTR:
		return derived(w, M_PTR, type_id(w, d->base), 0);
	case DT_ARRAY:
		return derived(w, M_ARRAY, type_id(w, d->base), d->nelems);
	case DT_STRUCT: case DT_UNION: case DT_ENUM:
		return tagged_id(w, d);
	case DT_FUNC:	/* its parameters are not kept: "ret ()" */
		n = rec_add(w, K_FUNCTION, NULL, 0);
		memo_add(w, M_TYPE, d, NULL, 0, 0, n);
		w->recs.data[n - 1].size_type = type_id(w, d->base);
		return n;
	}
	return intrinsic(w, "void");
}

/* The intrinsics DTrace's dt_vopen() puts in "C", and its pointers. */
static void c_intrinsics(struct writer *w)
{
	static const char *const ptrs[] = { "void", "char", "int" };

	for (size_t i = 0; i < sizeof(intrinsics) / sizeof(intrinsics[0]); i++)
		intrinsic(w, intrinsics[i].name);
	for (size_t i = 0; i < sizeof(ptrs) / sizeof(ptrs[0]); i++)
		derived(w, M_PTR, intrinsic(w, ptrs[i]), 0);
}

/* D's typedefs, "int ()" and its pointer, string and the names DTrace
 * gives void for its own purposes, as its dt_vopen() puts them in "D" */
static void d_intrinsics(struct writer *w)
{
	static const char *const voids[] = { "<DYN>", "stack", "_symaddr",
					     "_usymaddr" };
	const char *name;

	for (size_t i = 0; (name = type_typedef_at(i)); i++)
		named_int(w, name, NULL);
	uint32_t fn = rec_add(w, K_FUNCTION, NULL, intrinsic(w, "int"));

	derived(w, M_PTR, fn, 0);
	type_id(w, &w->t->t_string);
	for (size_t i = 0; i < sizeof(voids) / sizeof(voids[0]); i++)
		typedef_add(w, voids[i], intrinsic(w, "void"));
}

/* the container's declared names, oldest first */
static void declared(struct writer *w, bool cdefs)
{
	VEC(const struct dname *) v = { 0 };

	for (const struct dname *dn = w->t->names; dn; dn = dn->next)
		if (dn->cdefs == cdefs && dn->kind != DN_ENUMERATOR)
			vec_push(&v, dn);
	for (size_t i = v.len; i-- > 0;)
		type_id(w, v.data[i]->type);
	vec_free(&v);
}

static void put32(struct strbuf *b, uint32_t v)
{
	sb_addn(b, (const char *)&v, 4);
}

/* header, type section, string table, in the host's byte order (libctf
 * swaps a foreign one as it opens it) */
static void serialize(struct writer *w, const char *cuname, struct strbuf *out)
{
	struct strbuf types = { 0 };
	uint32_t cu = str_add(w, cuname);
	uint16_t magic = CTF_MAGIC;
	uint8_t pre[2] = { CTF_VERSION_3, CTF_F_NEWFUNCINFO };

	for (size_t i = 0; i < w->recs.len; i++) {
		const struct rec *r = &w->recs.data[i];
		bool lsize = r->kind != K_POINTER && r->kind != K_TYPEDEF &&
			     r->kind != K_FUNCTION && r->kind != K_FORWARD &&
			     r->size_type == CTF_LSIZE_SENT;

		put32(&types, r->name);
		put32(&types, (uint32_t)r->kind << 26 | (uint32_t)r->root << 25 |
			      r->vlen);
		put32(&types, lsize ? CTF_LSIZE_SENT : r->size_type);
		if (lsize) {		/* ctf_type_t: ctt_lsizehi, lo */
			put32(&types, 0);
			put32(&types, r->size_type);
		}
		for (size_t j = 0; j < r->ndata; j++)
			put32(&types, w->words.data[r->data + j]);
	}
	sb_addn(out, (const char *)&magic, 2);
	sb_addn(out, (const char *)pre, 2);
	put32(out, 0);			/* cth_parlabel */
	put32(out, 0);			/* cth_parname */
	put32(out, cu);			/* cth_cuname */
	for (int i = 0; i < 6; i++)	/* labels ... variables: empty */
		put32(out, 0);
	put32(out, 0);			/* cth_typeoff */
	put32(out, (uint32_t)types.len);	/* cth_stroff */
	put32(out, (uint32_t)w->strs.len);	/* cth_strlen */
	sb_addn(out, types.buf ? types.buf : "", types.len);
	sb_addn(out, w->strs.buf, w->strs.len);
	sb_free(&types);
}

static int write_all(const char *path, const struct strbuf *b)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	int err = 0;

	if (fd < 0)
		return -errno;
	for (size_t off = 0; off < b->len;) {
		ssize_t n = write(fd, b->buf + off, b->len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = -errno;
			break;
		}
		off += (size_t)n;
	}
	if (close(fd) < 0 && !err)
		err = -errno;
	return err;
}

int ctf_out_write(const struct dtypes *t, bool cdefs, const char *path)
{
	struct writer w = { .t = t };
	struct strbuf out = { 0 };
	int err;

	sb_addn(&w.strs, "", 1);	/* offset 0: the empty name */
	if (cdefs)
		c_intrinsics(&w);
	else
		d_intrinsics(&w);
	declared(&w, cdefs);
	serialize(&w, cdefs ? "C" : "D", &out);
	err = write_all(path, &out);
	sb_free(&out);
	sb_free(&w.strs);
	vec_free(&w.recs);
	vec_free(&w.words);
	vec_free(&w.memo);
	return err;
}
