/*
 * Checks on the parameter list of a prototype as written: a function
 * declarator's "( ... )" and an associative array's key list
 * "[ ... ]".  DTrace checks these while parsing (before any type is
 * resolved), so they are made here too, on the tnode the parser just
 * built, with its tags: D_DECL_PROTO_VARARGS (an array key list with
 * "..."), D_DECL_PROTO_TYPE (void as an array key, an associative
 * array as a parameter: a dynamic variable), D_DECL_PROTO_NAME
 * (a named void parameter), D_DECL_PROTO_FORM (a parameter name used
 * twice) and D_DECL_PROTO_VOID (void beside other parameters).
 */
#include <string.h>

#include "parse_impl.h"

/* A plain "void" parameter (not "void *"), which says "no parameters". */
static bool param_is_void(const struct tparam *prm)
{
	const struct tnode *tn = prm->tn;

	return tn && tn->kind == TN_BASE && (tn->spec & BS_VOID);
}

/* Is prm's name taken by a parameter before it in the list? */
static bool name_taken(const struct tparam *list, const struct tparam *prm)
{
	for (const struct tparam *q = list; q && q != prm; q = q->next)
		if (q->name && strcmp(q->name, prm->name) == 0)
			return true;
	return false;
}

/*
 * Check tn's parameters: kind is "function" or "array" as DTrace's
 * messages name the prototype; a function may use "..." and void.
 */
int parse_check_proto(struct parser *p, const struct tnode *tn)
{
	bool fn = tn->kind == TN_FUNC;
	const char *kind = fn ? "function" : "array";
	int i = 1, nvoid = 0;

	for (const struct tparam *prm = tn->params; prm; prm = prm->next, i++) {
		bool is_void = param_is_void(prm);

		nvoid += is_void;
		if (prm->tn && prm->tn->kind == TN_ASSOC) {
			diag_error(p->d, prm->loc, D_DECL_PROTO_TYPE,
				   "%s prototype may not use parameter of type dynamic variable: %s, parameter #%d",
				   kind, prm->name ? prm->name : "(anonymous)", i);
			return -1;
		}
		if (is_void && !fn) {
			diag_error(p->d, prm->loc, D_DECL_PROTO_TYPE,
				   "%s prototype may not use parameter of type void: %s, parameter #%d",
				   kind, prm->name ? prm->name : "(anonymous)", i);
			return -1;
		}
		if (is_void && prm->name) {
			diag_error(p->d, prm->loc, D_DECL_PROTO_NAME,
				   "void parameter may not have a name: %s",
				   prm->name);
			return -1;
		}
		if (prm->name && name_taken(tn->params, prm)) {
			diag_error(p->d, prm->loc, D_DECL_PROTO_FORM,
				   "parameter is already declared in %s prototype: %s, parameter #%d",
				   kind, prm->name, i);
			return -1;
		}
	}
	if (tn->varargs && !fn) {
		diag_error(p->d, tn->loc, D_DECL_PROTO_VARARGS,
			   "%s prototype may not use a variable-length argument list",
			   kind);
		return -1;
	}
	if (nvoid && (tn->params->next || tn->varargs)) {
		diag_error(p->d, tn->loc, D_DECL_PROTO_VOID,
			   "void must be sole parameter");
		return -1;
	}
	return 0;
}
