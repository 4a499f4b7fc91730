/*
 * The print() action's output: a recorded object printed member by
 * member in the form of Oracle's DTrace for Linux, which follows
 * libbpf's btf_dump "dump data" style:
 *
 *	0xADDR = *
 *	<44 spaces>(struct foo) {
 *	<45 spaces>.a = (int)1,
 *	<45 spaces>.s = (struct) {
 *	<46 spaces>.p = (void *)0xffff...,
 *	<45 spaces>},
 *	<44 spaces>}
 *
 * Members and array elements whose bytes are all zero are left out,
 * whatever their type (enums and arrays too, as Oracle's dt_print_visit
 * does); a char array's elements end at its first NUL.  Char elements
 * print as 'c'.  Bytes beyond the recorded size print as "...".
 *
 * The type is either a kernel BTF type or a script's own dtype (whose
 * members may in turn be BTF types); one walker serves both through
 * struct ptype, which names one or the other.  Pure: bytes to text.
 */
#include "fmt.h"

#include <bpf/btf.h>
#include <ctype.h>
#include <string.h>

#include "../compile/types.h"

#define PRINT_INDENT	44

/* A type being printed: a BTF id (btf != NULL) or a script dtype. */
struct ptype {
	const struct btf *btf;
	uint32_t id;
	const struct dtype *dt;
};

enum pkind { PK_INT, PK_PTR, PK_ARRAY, PK_SOU, PK_ENUM, PK_OTHER, PK_FLOAT };

/* What the walker needs of a type, typedefs and qualifiers resolved. */
struct pview {
	enum pkind kind;
	uint32_t size;
	bool is_signed, is_char, is_union;
	struct ptype elem;	/* PK_ARRAY */
	uint32_t nelems;
};

struct pmember {
	const char *name;	/* NULL or "": anonymous */
	struct ptype type;
	uint32_t bit_off, bits;
};

struct pctx {
	struct strbuf *out;
	const unsigned char *data;
	size_t size;			/* recorded bytes */
	size_t full;			/* the object's size */
	const struct dname *names;	/* script enumerators */
	bool cut;			/* "..." printed: close and stop */
};

static struct ptype ptype_of_dt(const struct dtype *dt)
{
	/* BTF structs, unions and enums are walked in their BTF; other
	 * types as dtypes, which keep a typedef's name */
	if (dt->btf && dt->btf_id && (type_is_sou(dt) || dt->kind == DT_ENUM))
		return (struct ptype){ .btf = dt->btf, .id = dt->btf_id };
	return (struct ptype){ .dt = dt };
}

static const struct btf_type *btf_skip(const struct btf *btf, uint32_t *id)
{
	const struct btf_type *t = btf__type_by_id(btf, *id);

	while (t && (btf_is_typedef(t) || btf_is_mod(t))) {
		*id = t->type;
		t = btf__type_by_id(btf, *id);
	}
	return t;
}

static void btf_view(const struct btf *btf, uint32_t id, struct pview *v)
{
	const struct btf_type *t = btf_skip(btf, &id);

	*v = (struct pview){ .kind = PK_OTHER };
	if (!t || id == 0)
		return;
	v->size = (uint32_t)btf__resolve_size(btf, id);
	if (btf_is_int(t)) {
		uint8_t enc = btf_int_encoding(t);
		const char *n = btf__name_by_offset(btf, t->name_off);

		v->kind = PK_INT;
		v->is_signed = enc & BTF_INT_SIGNED;
		v->is_char = t->size == 1 &&
			     ((enc & BTF_INT_CHAR) || (n && !strcmp(n, "char")));
	} else if (btf_is_ptr(t)) {
		v->kind = PK_PTR;
	} else if (btf_is_array(t)) {
		v->kind = PK_ARRAY;
		v->elem = (struct ptype){ .btf = btf, .id = btf_array(t)->type };
		v->nelems = btf_array(t)->nelems;
	} else if (btf_is_composite(t)) {
		v->kind = PK_SOU;
		v->is_union = btf_is_union(t);
	} else if (btf_is_any_enum(t)) {
		v->kind = PK_ENUM;
		v->is_signed = btf_kflag(t);
	} else if (btf_is_float(t) && (t->size == 4 || t->size == 8)) {
		v->kind = PK_FLOAT;
	}
}

static void pview_of(const struct ptype *p, struct pview *v)
{
	const struct dtype *dt = p->dt;

	if (p->btf) {
		btf_view(p->btf, p->id, v);
		return;
	}
	*v = (struct pview){ .kind = PK_OTHER, .size = dt->size,
			     .is_signed = dt->is_signed };
	switch (dt->kind) {
	case DT_INT:
		v->kind = PK_INT;
		v->is_char = dt->size == 1 && dt->name &&
			     (!strcmp(dt->name, "char") ||
			      !strcmp(dt->name, "signed char")) &&
			     (!dt->cname || !strcmp(dt->cname, "char"));
		break;
	case DT_PTR: case DT_STRING:
		v->kind = dt->kind == DT_PTR ? PK_PTR : PK_OTHER;
		break;
	case DT_ARRAY:
		v->kind = PK_ARRAY;
		v->elem = ptype_of_dt(dt->base);
		v->nelems = dt->nelems;
		break;
	case DT_STRUCT: case DT_UNION:
		v->kind = PK_SOU;
		v->is_union = dt->kind == DT_UNION;
		break;
	case DT_ENUM:
		v->kind = PK_ENUM;
		break;
	case DT_FLOAT:
		v->kind = PK_FLOAT;
		break;
	default:
		break;
	}
}

/* Member i of a struct or union; false past the last. */
static bool pmember(const struct ptype *p, int i, struct pmember *m)
{
	if (p->btf) {
		uint32_t id = p->id;
		const struct btf_type *t = btf_skip(p->btf, &id);

		if (!t || !btf_is_composite(t) || i >= btf_vlen(t))
			return false;
		const struct btf_member *bm = btf_members(t) + i;

		m->name = btf__name_by_offset(p->btf, bm->name_off);
		m->type = (struct ptype){ .btf = p->btf, .id = bm->type };
		m->bit_off = btf_member_bit_offset(t, i);
		m->bits = btf_member_bitfield_size(t, i);
		return true;
	}
	const struct dmember *dm = p->dt->members;

	while (dm && i-- > 0)
		dm = dm->next;
	if (!dm)
		return false;
	*m = (struct pmember){ .name = dm->name, .type = ptype_of_dt(dm->type),
			       .bit_off = dm->bit_off, .bits = dm->bits };
	return true;
}

static const char *skip_tag(const char *name)
{
	return name && strstr(name, "<anon>") ? NULL : name;
}

static void btf_cname(struct strbuf *sb, const struct btf *btf, uint32_t id);

static const struct btf_type *btf_skip_mods(const struct btf *btf,
					    uint32_t *id)
{
	const struct btf_type *t = btf__type_by_id(btf, *id);

	while (t && *id && btf_is_mod(t)) {
		*id = t->type;
		t = btf__type_by_id(btf, *id);
	}
	return *id ? t : NULL;
}

/* A pointer to a function: "int (*)(struct file *, ...)". */
static void btf_fptr_name(struct strbuf *sb, const struct btf *btf,
			  const struct btf_type *f)
{
	const struct btf_param *p = btf_params(f);
	int n = btf_vlen(f);

	btf_cname(sb, btf, f->type);
	sb_adds(sb, " (*)(");
	/* (void) and () both print as () */
	for (int i = 0; i < n && !(n == 1 && p[0].type == 0); i++) {
		if (i)
			sb_adds(sb, ", ");
		if (i == n - 1 && p[i].type == 0)
			sb_adds(sb, "...");
		else
			btf_cname(sb, btf, p[i].type);
	}
	sb_addc(sb, ')');
}

/* The cast's type name, as DTrace writes it ("char [5]", "void *"). */
static void btf_cname(struct strbuf *sb, const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const char *n = t ? btf__name_by_offset(btf, t->name_off) : NULL;

	if (!t || id == 0) {
		sb_adds(sb, "void");
		return;
	}
	if (n && !*n)
		n = NULL;
	switch (btf_kind(t)) {
	case BTF_KIND_PTR: {
		uint32_t to = t->type;
		const struct btf_type *f = btf_skip_mods(btf, &to);

		if (f && btf_is_func_proto(f)) {
			btf_fptr_name(sb, btf, f);
			return;
		}
		btf_cname(sb, btf, t->type);
		sb_adds(sb, sb->len && sb->buf[sb->len - 1] == '*' ? "*" : " *");
		return;
	}
	case BTF_KIND_ARRAY:
		btf_cname(sb, btf, btf_array(t)->type);
		sb_printf(sb, " [%u]", btf_array(t)->nelems);
		return;
	case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
		/* casts leave qualifiers out, as btf_dump's do */
		btf_cname(sb, btf, t->type);
		return;
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64: case BTF_KIND_FWD:
		sb_adds(sb, btf_is_union(t) || (btf_is_fwd(t) && btf_kflag(t)) ?
			    "union" : btf_is_any_enum(t) ? "enum" : "struct");
		if (n)
			sb_printf(sb, " %s", n);
		return;
	case BTF_KIND_FUNC_PROTO:
		btf_cname(sb, btf, t->type);
		sb_adds(sb, " ()");
		return;
	default:
		sb_adds(sb, n ? n : "void");
	}
}

static void dt_cname(struct strbuf *sb, const struct dtype *dt)
{
	if (dt->btf && dt->btf_id && (type_is_sou(dt) || dt->kind == DT_ENUM)) {
		btf_cname(sb, dt->btf, dt->btf_id);
		return;
	}
	switch (dt->kind) {
	case DT_PTR:
		dt_cname(sb, dt->base);
		sb_adds(sb, sb->len && sb->buf[sb->len - 1] == '*' ? "*" : " *");
		return;
	case DT_ARRAY:
		dt_cname(sb, dt->base);
		sb_printf(sb, " [%u]", dt->nelems);
		return;
	case DT_STRUCT: case DT_UNION: case DT_ENUM: {
		const char *n = skip_tag(dt->name);

		sb_adds(sb, n ? n : dt->kind == DT_STRUCT ? "struct" :
			    dt->kind == DT_UNION ? "union" : "enum");
		return;
	}
	default:
		sb_adds(sb, dt->cname ? dt->cname : dt->name ? dt->name :
			    "void");
	}
}

static void pindent(struct pctx *c, int depth)
{
	sb_printf(c->out, "%*s", PRINT_INDENT + depth, "");
}

static void pcast(struct pctx *c, const struct ptype *p)
{
	sb_addc(c->out, '(');
	if (p->btf)
		btf_cname(c->out, p->btf, p->id);
	else
		dt_cname(c->out, p->dt);
	sb_addc(c->out, ')');
}

static bool all_zero(const unsigned char *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

static uint64_t load_int(const unsigned char *p, uint32_t size)
{
	uint64_t v = 0;

	memcpy(&v, p, size > 8 ? 8 : size);	/* little-endian */
	return v;
}

/* An integer or bit-field, sign-extended when its type is signed. */
static int64_t field_value(struct pctx *c, uint32_t bit_off, uint32_t bits,
			   const struct pview *v, uint64_t *u)
{
	const unsigned char *p = c->data + bit_off / 8;
	uint32_t width = bits ? bits : v->size * 8;
	uint64_t x;

	if (bits) {
		x = load_int(p, (bit_off % 8 + bits + 7) / 8) >> (bit_off % 8);
	} else {
		x = load_int(p, v->size);
	}
	if (width < 64)
		x &= (1ull << width) - 1;
	*u = x;
	if (v->is_signed && width < 64 && (x >> (width - 1)) & 1)
		return (int64_t)(x | ~((1ull << width) - 1));
	return (int64_t)x;
}

static const char *enum_name(struct pctx *c, const struct ptype *p,
			     int64_t val)
{
	if (p->btf) {
		uint32_t id = p->id;
		const struct btf_type *t = btf_skip(p->btf, &id);

		for (int i = 0; t && i < btf_vlen(t); i++) {
			int64_t ev = btf_is_enum(t) ? (int64_t)btf_enum(t)[i].val :
				     (int64_t)btf_enum64_value(btf_enum64(t) + i);
			uint32_t off = btf_is_enum(t) ? btf_enum(t)[i].name_off :
				       btf_enum64(t)[i].name_off;

			if (ev == val || (uint32_t)ev == (uint32_t)val)
				return btf__name_by_offset(p->btf, off);
		}
		return NULL;
	}
	for (const struct dname *n = c->names; n; n = n->next)
		if (n->kind == DN_ENUMERATOR && n->type == p->dt &&
		    n->value == val)
			return n->name;
	return NULL;
}

static void pvalue(struct pctx *c, const struct ptype *p, uint32_t bit_off,
		   uint32_t bits, int depth);

/* Where the recorded bytes end: "..." at depth, and nothing more. */
static void pcut(struct pctx *c, int depth)
{
	pindent(c, depth);
	sb_adds(c->out, "...\n");
	c->cut = true;
}

/* A scalar member or element that does not fit in the recorded bytes. */
static bool past_end(const struct pctx *c, uint32_t byte_off,
		     const struct pview *v)
{
	return byte_off >= c->size ||
	       (v->kind != PK_SOU && v->kind != PK_ARRAY &&
		byte_off + (v->size ? v->size : 1) > c->size);
}

/*
 * The members of a struct or union at bit_off, one line each.  Where the
 * recorded bytes end, "..." replaces the rest; as in DTrace's output, a
 * struct or union that uses up the last recorded bytes of a larger
 * object shows the "..." inside it, before its closing brace.
 */
static void psou(struct pctx *c, const struct ptype *p, uint32_t bit_off,
		 int depth, uint32_t size)
{
	struct pmember m;
	struct pview v;

	for (int i = 0; !c->cut && pmember(p, i, &m); i++) {
		uint32_t off = bit_off + m.bit_off;

		pview_of(&m.type, &v);
		/* a bit-field occupies only the bytes its bits span */
		if (m.bits ? off / 8 + (off % 8 + m.bits + 7) / 8 > c->size :
			     past_end(c, off / 8, &v)) {
			pcut(c, depth);
			return;
		}
		if (!m.bits && all_zero(c->data + off / 8,
			     off / 8 + v.size > c->size ? c->size - off / 8 :
			     v.size))
			continue;
		if (m.bits) {
			uint64_t u;

			if (!field_value(c, off, m.bits, &v, &u))
				continue;
		}
		pindent(c, depth);
		if (m.name && *m.name)
			sb_printf(c->out, ".%s = ", m.name);
		pvalue(c, &m.type, off, m.bits, depth);
		sb_adds(c->out, ",\n");
	}
	/* at the parent's depth, where the next member would have been */
	if (!c->cut && c->size < c->full && bit_off / 8 + size >= c->size)
		pcut(c, depth - 1);
}

static void parray(struct pctx *c, const struct pview *v, uint32_t bit_off,
		   int depth)
{
	struct pview ev;

	pview_of(&v->elem, &ev);
	/* elements past the recorded bytes are left out silently, as
	 * btf_dump leaves them out */
	for (uint32_t i = 0; i < v->nelems && ev.size && !c->cut; i++) {
		uint32_t off = bit_off / 8 + i * ev.size;

		if (past_end(c, off, &ev))
			return;
		/* a char array holds a string: it ends at the NUL */
		if (ev.is_char && c->data[off] == '\0')
			return;
		if (off + ev.size <= c->size &&
		    all_zero(c->data + off, ev.size))
			continue;
		pindent(c, depth);
		pvalue(c, &v->elem, off * 8, 0, depth);
		sb_adds(c->out, ",\n");
	}
}

/* "(type)value", or "(type) {" ... "}" at depth for an aggregate. */
static void pvalue(struct pctx *c, const struct ptype *p, uint32_t bit_off,
		   uint32_t bits, int depth)
{
	struct pview v;
	uint64_t u;
	int64_t s;

	pview_of(p, &v);
	pcast(c, p);
	switch (v.kind) {
	case PK_SOU: case PK_ARRAY:
		sb_adds(c->out, v.kind == PK_SOU ? " {\n" : " [\n");
		if (v.kind == PK_SOU)
			psou(c, p, bit_off, depth + 1, v.size);
		else
			parray(c, &v, bit_off, depth + 1);
		pindent(c, depth);
		sb_addc(c->out, v.kind == PK_SOU ? '}' : ']');
		return;
	case PK_PTR:
		sb_printf(c->out, "0x%llx", (unsigned long long)
			  load_int(c->data + bit_off / 8, 8));
		return;
	case PK_INT: case PK_ENUM: {
		const char *name;

		if (bit_off / 8 + (bits ? 1 : v.size) > c->size)
			return;
		s = field_value(c, bit_off, bits, &v, &u);
		name = v.kind == PK_ENUM ? enum_name(c, p, s) : NULL;
		if (name)
			sb_adds(c->out, name);
		else if (v.is_char && isprint((int)u))
			sb_printf(c->out, "'%c'", (int)u);
		else if (v.is_signed)
			sb_printf(c->out, "%lld", (long long)s);
		else
			sb_printf(c->out, "%llu", (unsigned long long)u);
		return;
	}
	case PK_FLOAT: {
		/* as DTrace's dt_print_float */
		struct dval fv = { .kind = DV_FLOAT, .offset = bit_off / 8,
				   .size = v.size };

		if (bit_off / 8 + v.size > c->size)
			return;
		if (v.size == 16)	/* long double */
			sb_printf(c->out, "%+.16LE",
				  fmt_ldouble_value(&fv, c->data));
		else
			sb_printf(c->out, "%+.7e", fmt_float_value(&fv, c->data));
		return;
	}
	default:
		sb_adds(c->out, "...");
	}
}

void fmt_print_type(struct strbuf *out, uint64_t addr, const struct dtype *t,
		    const void *data, size_t size, const struct dname *names)
{
	struct pctx c = { .out = out, .data = data, .size = size,
			  .full = t->size, .names = names };
	struct ptype p = ptype_of_dt(t);

	sb_printf(out, "0x%llx = *\n", (unsigned long long)addr);
	pindent(&c, 0);
	pvalue(&c, &p, 0, 0, 0);
	sb_addc(out, '\n');
}
