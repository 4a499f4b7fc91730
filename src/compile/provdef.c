/*
 * Provider definitions for dtrace -h and -G: each probe's native
 * argument types (what the program passes) and translated ones (what
 * args[] are), as C text, with the mapping between them by parameter
 * name ("probe go(int a, char *b) : (char *b, int a)").  Signedness,
 * which an SDT argument specification must give, comes from the type as
 * written: pointers and unsigned types are unsigned, and typedef names
 * are D's (uint32_t ...) or, for others, unsigned when they look so
 * (size_t, u_int, uchar_t ...).
 */
#include "provdef.h"

#include <ctype.h>
#include <string.h>

#include "parse.h"
#include "types.h"

void provdef_upper(struct strbuf *sb, const char *s, bool dash)
{
	for (; *s; s++) {
		if (dash && s[0] == '_' && s[1] == '_') {
			sb_addc(sb, '_');
			s++;
			continue;
		}
		sb_addc(sb, isalnum((unsigned char)*s) ?
			(char)toupper((unsigned char)*s) : '_');
	}
}

/* The C text of a parameter's type. */
static void c_type(struct strbuf *sb, const struct tnode *tn)
{
	static const struct { unsigned bit; const char *word; } words[] = {
		{ BS_SIGNED, "signed" }, { BS_UNSIGNED, "unsigned" },
		{ BS_SHORT, "short" }, { BS_LONG, "long" },
		{ BS_LONGLONG, "long long" }, { BS_CHAR, "char" },
		{ BS_INT, "int" }, { BS_FLOAT, "float" },
		{ BS_DOUBLE, "double" }, { BS_VOID, "void" },
		{ BS_BOOL, "_Bool" },
	};
	bool first = true;

	if (tn->quals & TQ_CONST)
		sb_adds(sb, "const ");
	switch (tn->kind) {
	case TN_POINTER:
	case TN_ARRAY:
		c_type(sb, tn->base);
		sb_adds(sb, " *");
		return;
	case TN_STRUCT:
		sb_printf(sb, "struct %s", tn->name ? tn->name : "");
		return;
	case TN_UNION:
		sb_printf(sb, "union %s", tn->name ? tn->name : "");
		return;
	case TN_ENUM:
		sb_printf(sb, "enum %s", tn->name ? tn->name : "");
		return;
	case TN_TYPEDEF:
		sb_adds(sb, tn->name);
		return;
	default:
		break;
	}
	if (tn->spec & BS_STRING) {
		sb_adds(sb, "char *");
		return;
	}
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (tn->spec & words[i].bit) {
			sb_printf(sb, "%s%s", first ? "" : " ", words[i].word);
			first = false;
		}
	if (first)
		sb_adds(sb, "int");
}

/* Is a value of this type signed (for "-4@%eax")? */
static bool c_signed(const struct dtypes *ts, const struct tnode *tn)
{
	const struct dtype *t;

	switch (tn->kind) {
	case TN_POINTER:
	case TN_ARRAY:
	case TN_STRUCT:
	case TN_UNION:
		return false;
	case TN_ENUM:
		return true;
	case TN_TYPEDEF:
		if ((t = type_typedef(ts, tn->name)))
			return t->is_signed;
		return !(tn->name[0] == 'u' || strcmp(tn->name, "size_t") == 0 ||
			 strstr(tn->name, "ptr") || strcmp(tn->name, "caddr_t") == 0);
	default:
		return !(tn->spec & (BS_UNSIGNED | BS_BOOL | BS_STRING));
	}
}

/* The parameters of fn into *out; their number ("(void)" has none). */
static int params(struct arena *a, const struct dtypes *ts,
		  const struct tnode *fn, struct provdef_arg **out)
{
	int n = 0, i = 0;

	for (const struct tparam *p = fn ? fn->params : NULL; p; p = p->next)
		n++;
	if (n == 1 && !fn->params->name && fn->params->tn &&
	    fn->params->tn->kind == TN_BASE && fn->params->tn->spec == BS_VOID)
		n = 0;
	*out = arena_alloc(a, sizeof(**out) * (size_t)(n + 1));
	for (const struct tparam *p = fn ? fn->params : NULL; p && i < n;
	     p = p->next, i++) {
		struct strbuf sb = { 0 };

		c_type(&sb, p->tn);
		(*out)[i] = (struct provdef_arg){
			.ctype = arena_strdup(a, sb_str(&sb)), .name = p->name,
			.is_signed = c_signed(ts, p->tn) };
		sb_free(&sb);
	}
	return n;
}

/* args[i] is native[map[i]]: by name, else by position. */
static void argmap(struct arena *a, struct provdef_probe *pp)
{
	pp->map = arena_alloc(a, sizeof(int) * (size_t)(pp->nxlated + 1));
	for (int i = 0; i < pp->nxlated; i++) {
		pp->map[i] = i < pp->nnative ? i : 0;
		for (int j = 0; pp->xlated[i].name && j < pp->nnative; j++)
			if (pp->native[j].name &&
			    strcmp(pp->native[j].name, pp->xlated[i].name) == 0)
				pp->map[i] = j;
	}
}

static struct provdef *collect_one(struct arena *a, const struct dtypes *ts,
				   const struct node *n)
{
	struct provdef *pd = arena_alloc(a, sizeof(*pd));
	int k = 0;

	pd->name = n->name;
	for (const struct node *pr = n->probes; pr; pr = pr->next)
		pd->nprobes++;
	pd->probes = arena_alloc(a, sizeof(*pd->probes) *
				    (size_t)(pd->nprobes + 1));
	for (const struct node *pr = n->probes; pr; pr = pr->next, k++) {
		struct provdef_probe *pp = &pd->probes[k];

		pp->name = pr->name;
		pp->nnative = params(a, ts, pr->tn, &pp->native);
		if (pr->tn2) {
			pp->nxlated = params(a, ts, pr->tn2, &pp->xlated);
		} else {
			pp->xlated = pp->native;
			pp->nxlated = pp->nnative;
		}
		argmap(a, pp);
	}
	return pd;
}

int provdef_collect(struct arena *a, const struct source *srcs, int nsrcs,
		    struct provdef **out, struct diag *d)
{
	struct provdef **tail = out;
	struct dtypes ts = { 0 };

	*out = NULL;
	types_init(&ts, 256);
	for (int i = 0; i < nsrcs; i++) {
		struct program prog = { 0 };

		if (parse_program(a, &srcs[i], d, &prog) < 0) {
			types_free(&ts);
			return -1;
		}
		for (struct node *n = prog.top; n; n = n->next) {
			if (n->kind != NK_PROVIDER)
				continue;
			*tail = collect_one(a, &ts, n);
			tail = &(*tail)->next;
		}
	}
	types_free(&ts);
	return 0;
}

void provdef_note_asm(const struct provdef *pd, struct strbuf *sb)
{
	struct strbuf text = { 0 };

	provdef_text(pd, &text);
	sb_printf(sb, ".pushsection .note.dtrace.provider, \"G\", \"note\", "
		  ".note.dtrace.provider.%s, comdat\n.balign 4\n"
		  ".4byte 2f - 1f, 4f - 3f, 1\n1:\t.asciz \"dtrace\"\n"
		  "2:\t.balign 4\n3:\t.asciz \"", pd->name);
	for (const char *s = sb_str(&text); *s; s++) {
		if (*s == '\n')
			sb_adds(sb, "\\n");
		else if (*s == '"' || *s == '\\')
			sb_printf(sb, "\\%c", *s);
		else
			sb_addc(sb, *s);
	}
	sb_adds(sb, "\"\n4:\t.balign 4\n.popsection\n");
	sb_free(&text);
}

void provdef_text(const struct provdef *pd, struct strbuf *sb)
{
	sb_printf(sb, "provider %s\n", pd->name);
	for (int i = 0; i < pd->nprobes; i++) {
		const struct provdef_probe *pp = &pd->probes[i];

		sb_printf(sb, "probe %s\n", pp->name);
		for (int j = 0; j < pp->nnative; j++)
			sb_printf(sb, "native %s\n", pp->native[j].ctype);
		for (int j = 0; j < pp->nxlated; j++)
			sb_printf(sb, "arg %d %s\n", pp->map[j],
				  pp->xlated[j].ctype);
	}
}
