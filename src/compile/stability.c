/*
 * -x amin: the least stability a program may depend on (the Dynamic
 * Tracing Guide's "Stability Enforcement").  As DTrace does before it
 * compiles a clause's body, each probe description's attributes
 * (providers/probes.c: probes_desc_attrs, Unstable for a description
 * that names no provider, as "BEGIN" does) are compared with amin,
 * "Name/Data/Class" in -l -v's words; one below it in any of the three
 * is D_ATTR_MIN.  The attributes of the identifiers and types a clause
 * uses (stability_clause) are reported by -v but not checked against
 * amin: a clause on stable probes passes whatever it reads.  As in
 * DTrace, args[i] counts with its provider's argument attributes and an
 * inline with its own (#pragma D attributes, else its value's), not
 * with what sema replaced them by (a translator's kernel types).
 */
#include "stability.h"

#include <stdio.h>
#include <strings.h>
#include <string.h>

#include "sema.h"
#include "types.h"

const struct prov_attr stability_max = {
	STAB_STANDARD, STAB_STANDARD, CLS_COMMON,
};

/* DTrace's _dtrace_defattr, _dtrace_symattr and _dtrace_typattr */
static const struct prov_attr stable = { STAB_STABLE, STAB_STABLE, CLS_COMMON };
static const struct prov_attr private = {
	STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN,
};

/* The identifiers DTrace gives less than Stable/Stable/Common (its
 * _dtrace_globals table); every other built-in is that. */
static const struct {
	const char *name;
	struct prov_attr attr;
} ident_attrs[] = {
	{ "curthread", { STAB_STABLE, STAB_PRIVATE, CLS_COMMON } },
#define EVOLVING(n) { n, { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON } }
	EVOLVING("d_path"), EVOLVING("ddi_pathname"), EVOLVING("getmajor"),
	EVOLVING("getminor"), EVOLVING("htonl"), EVOLVING("htonll"),
	EVOLVING("htons"), EVOLVING("ntohl"), EVOLVING("ntohll"),
	EVOLVING("ntohs"), EVOLVING("mutex_owned"), EVOLVING("mutex_owner"),
	EVOLVING("mutex_type_adaptive"), EVOLVING("mutex_type_spin"),
	EVOLVING("rw_iswriter"), EVOLVING("rw_read_held"),
	EVOLVING("rw_write_held"),
#undef EVOLVING
};

struct prov_attr stability_min(struct prov_attr a, struct prov_attr b)
{
	return (struct prov_attr){
		a.name < b.name ? a.name : b.name,
		a.data < b.data ? a.data : b.data,
		a.dclass < b.dclass ? a.dclass : b.dclass,
	};
}

static struct prov_attr ident_attr(const char *name)
{
	for (size_t i = 0; i < sizeof(ident_attrs) / sizeof(ident_attrs[0]); i++)
		if (strcmp(ident_attrs[i].name, name) == 0)
			return ident_attrs[i].attr;
	return stable;
}

/* A type the script names that D does not define: the kernel's (BTF) */
static bool kernel_type(const struct dtype *t)
{
	while (t && !t->btf && t->base)
		t = t->base;
	return t && t->btf;
}

/* A walk of a clause: the least attributes so far, and args[]'s */
struct walk {
	struct prov_attr a, args;
};

static void walk_list(const struct node *n, struct walk *w);

/* An inline's: its #pragma D attributes, else DTrace's min of the
 * default (Stable) and its value's */
static struct prov_attr inline_attr(const struct dsym *y, struct walk *w)
{
	struct walk v = { stable, w->args };

	if (y->has_attr)
		return (struct prov_attr){ y->attr[0], y->attr[1], y->attr[2] };
	walk_list(y->init, &v);
	return v.a;
}

/* The attributes of what n itself names (its children apart) */
static struct prov_attr own_attr(const struct node *n)
{
	switch (n->kind) {
	case NK_IDENT:
		return n->builtin >= 0 ? ident_attr(n->name) : stable;
	case NK_CALL:
		return ident_attr(n->name);
	case NK_SYMBOL:
		return private;
	case NK_CAST:
		return kernel_type(n->type) ? private : stable;
	default:
		return stable;
	}
}

/* Fold the attributes of n and what it holds into w.  An inline's use
 * and args[i] count as themselves, not as the value they were replaced
 * by (a translator's body reads kernel types), as DTrace's are. */
static void walk_node(const struct node *n, struct walk *w)
{
	if (n->inl) {
		w->a = stability_min(w->a, inline_attr(n->inl, w));
		return;
	}
	if (n->is_args) {
		w->a = stability_min(w->a, w->args);
		return;
	}
	w->a = stability_min(w->a, own_attr(n));
	const struct node *kids[] = { n->lhs, n->rhs, n->cond, n->then,
				      n->els, n->args, n->body, n->pred };

	for (size_t i = 0; i < sizeof(kids) / sizeof(kids[0]); i++)
		walk_list(kids[i], w);
}

static void walk_list(const struct node *n, struct walk *w)
{
	for (; n; n = n->next)
		walk_node(n, w);
}

struct prov_attr stability_clause(const struct node *clause,
				  struct probe *const *probes, size_t nprobes)
{
	struct walk w = { stable, stability_max };

	for (size_t i = 0; i < nprobes; i++) {
		struct prov_attr desc, args;

		probes_attrs(probes[i], &desc, &args);
		w.args = stability_min(w.args, args);
	}
	walk_list(clause->pred, &w);
	walk_list(clause->body, &w);
	return w.a;
}

/* one of names[0 .. n) as written (any case), into *out */
static bool attr_word(const char *w, size_t len, const char *(*name)(unsigned),
		      unsigned n, uint8_t *out)
{
	for (unsigned i = 0; i < n; i++) {
		const char *s = name(i);

		if (strlen(s) == len && strncasecmp(s, w, len) == 0) {
			*out = (uint8_t)i;
			return true;
		}
	}
	return false;
}

/* "Name[/Data[/Class]]"; components left out ask for nothing */
static bool attr_parse(const char *s, struct prov_attr *a)
{
	uint8_t *f[3] = { &a->name, &a->data, &a->dclass };

	*a = (struct prov_attr){ STAB_INTERNAL, STAB_INTERNAL, CLS_UNKNOWN };
	for (int i = 0; i < 3 && *s; i++) {
		size_t len = strcspn(s, "/");

		if (!attr_word(s, len, i < 2 ? prov_stability_name :
			       prov_class_name, i < 2 ? STAB_STANDARD + 1 :
			       CLS_COMMON + 1, f[i]))
			return false;
		s += len;
		if (*s == '/')
			s++;
	}
	return *s == '\0';
}

void stability_pragma(struct sema *s, const struct node *pragma)
{
	char w[3][256];
	const char *p = pragma->sval;
	struct prov_attr a;
	struct dsym *y;

	for (int i = 0; i < 3; i++) {
		size_t len;

		p += strspn(p, " \t");
		len = strcspn(p, " \t");
		if (!len || len >= sizeof(w[i]))
			return;
		memcpy(w[i], p, len);
		w[i][len] = '\0';
		p += len;
	}
	/* pragma_check has checked its form and its attributes */
	if (strcmp(w[0], "D") != 0 || strcmp(w[1], "attributes") != 0 ||
	    !attr_parse(w[2], &a))
		return;
	p += strspn(p, " \t");
	snprintf(w[0], sizeof(w[0]), "%.*s", (int)strcspn(p, " \t\n"), p);
	if ((y = sema_lookup(s, SYM_INLINE, w[0])) == NULL)
		return;
	y->has_attr = true;
	y->attr[0] = a.name;
	y->attr[1] = a.data;
	y->attr[2] = a.dclass;
}

int stability_check(struct diag *diag, struct srcloc loc, const char *amin,
		    const char *const f[4])
{
	struct prov_attr min, a;

	if (!amin || !*amin)
		return 0;
	if (!attr_parse(amin, &min)) {
		diag_error(diag, loc, D_ATTR_MIN,
			   "invalid stability attributes \"%s\" for option amin: Name/Data/Class expected",
			   amin);
		return -1;
	}
	a = probes_desc_attrs(f[0], f[1], f[2], f[3]);
	if (a.name >= min.name && a.data >= min.data && a.dclass >= min.dclass)
		return 0;
	diag_error(diag, loc, D_ATTR_MIN,
		   "attributes for clause (%s/%s/%s) are less than predefined minimum",
		   prov_stability_name(a.name), prov_stability_name(a.data),
		   prov_class_name(a.dclass));
	return -1;
}
