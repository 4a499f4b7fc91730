/*
 * Library type declarations checked at their first use.  The shipped
 * libraries declare types around kernel ones (io.d's `struct io_req`
 * holds a `struct request *`, ip.d's `in6_addr_t` is `struct in6_addr`),
 * and checking such a declaration looks the kernel type up in its BTF:
 * parsing that costs a hundred milliseconds and more, on every run, for
 * programs that use none of them.  So a library declaration that
 * defines types only (a typedef, or a struct or union with its body)
 * and names a type no D declaration has made yet is kept aside, and
 * checked when a name it declares is first looked up (sema_type.c's
 * name_find): by a user program, an inline or a translator, or another
 * declaration kept aside.  A declaration that defines enumerators or
 * variables is checked at once, since those are found by other paths.
 * -x ctypes and -x dtypes check every one (compile.c): the files hold
 * the libraries' types.
 */
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "sema_impl.h"
#include "types.h"

static bool tag_named(const struct tnode *tn, const char *full)
{
	const char *kw = tn->kind == TN_STRUCT ? "struct " :
			 tn->kind == TN_UNION ? "union " : "enum ";
	size_t n = strlen(kw);

	return tn->name && strncmp(full, kw, n) == 0 &&
	       strcmp(full + n, tn->name) == 0;
}

/*
 * Does tn name a type not declared yet (1), or only declared ones (0)?
 * -1: it defines enumerators or sizes an array with an expression,
 * which is checked at once.
 */
static int undeclared(const struct sema *s, const struct tnode *tn)
{
	switch (tn->kind) {
	case TN_BASE:
		return 0;
	case TN_TYPEDEF:
		if (tn->module && !sema_own_scope(tn->module))
			return 1;
		return !sema_name_declared(s, DN_TYPEDEF, tn->name) &&
		       !type_typedef_named(s->a, s->types, tn->name);
	case TN_POINTER:
		return undeclared(s, tn->base);
	case TN_ARRAY:
		if (tn->dim && tn->dim->kind != NK_INT)
			return -1;
		return undeclared(s, tn->base);
	case TN_STRUCT: case TN_UNION: case TN_ENUM: {
		if (tn->kind == TN_ENUM && tn->has_body)
			return -1;
		if (!tn->has_body) {
			const char *kw = tn->kind == TN_STRUCT ? "struct" :
					 tn->kind == TN_UNION ? "union" : "enum";
			char full[256];

			if (!tn->name)
				return 0;
			if (tn->module && !sema_own_scope(tn->module))
				return 1;
			snprintf(full, sizeof(full), "%s %s", kw, tn->name);
			return !sema_name_declared(s, DN_TAG, full);
		}
		int r = 0;

		for (const struct tmember *m = tn->members; m; m = m->next) {
			int u = m->bits ? -1 : undeclared(s, m->tn);

			if (u < 0)
				return -1;
			r |= u;
		}
		return r;
	}
	default:
		return -1;
	}
}

/* Does tn define the tag `full` ("struct io_req")? */
static bool defines_tag(const struct tnode *tn, const char *full)
{
	for (; tn; tn = tn->base) {
		if (tn->kind != TN_STRUCT && tn->kind != TN_UNION)
			continue;
		if (!tn->has_body)
			return false;
		if (tag_named(tn, full))
			return true;
		for (const struct tmember *m = tn->members; m; m = m->next)
			if (defines_tag(m->tn, full))
				return true;
		return false;
	}
	return false;
}

bool sema_defer_decl(struct sema *s, struct node *n)
{
	if (n->kind != NK_DECL || sema_is_var_decl(n) ||
	    (n->name && n->storage != SC_TYPEDEF) || !n->tn)
		return false;
	if (undeclared(s, n->tn) != 1)
		return false;
	vec_push(&s->deferred, n);
	return true;
}

/* The index in s->deferred of the declaration of (k, name), or -1. */
static ssize_t left(const struct sema *s, enum dname_kind k, const char *name)
{
	for (size_t i = 0; i < s->deferred.len; i++) {
		const struct node *n = s->deferred.data[i];

		if (n && (k == DN_TYPEDEF ? n->name && strcmp(n->name, name) == 0
					  : defines_tag(n->tn, name)))
			return (ssize_t)i;
	}
	return -1;
}

bool sema_defer_pending(const struct sema *s, const struct tnode *tn)
{
	char full[256];

	if (tn->module)
		return false;
	if (tn->kind == TN_TYPEDEF)
		return left(s, DN_TYPEDEF, tn->name) >= 0;
	if ((tn->kind != TN_STRUCT && tn->kind != TN_UNION) || !tn->name)
		return false;
	snprintf(full, sizeof(full), "%s %s",
		 tn->kind == TN_STRUCT ? "struct" : "union", tn->name);
	return left(s, DN_TAG, full) >= 0;
}

bool sema_defer_resolve(struct sema *s, enum dname_kind k, const char *name)
{
	ssize_t i = left(s, k, name);

	if (i < 0)
		return false;
	struct node *n = s->deferred.data[i];
	bool lib = s->in_library;

	s->deferred.data[i] = NULL;	/* (it may look itself up) */
	s->in_library = true;
	int rc = sema_toplevel(s, n);

	s->in_library = lib;
	return rc == 0;
}
