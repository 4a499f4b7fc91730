/*
 * AST utilities: node constructors and a stable S-expression dump of a
 * tree (the parser's unit tests compare against it, so its format only
 * changes together with those tests).  The dump writes each node as
 * "(kind fields children...)"; types are written as C base words
 * ("int", "(unsigned long)") or "(ptr T)", "(array T dim)", "(assoc T K...)",
 * "(func T P...)", "(struct tag members...)", "(typename name)".
 */
#include "ast.h"

#include <ctype.h>
#include <string.h>

#include "lex.h"

struct node *node_new(struct arena *a, enum node_kind kind, struct srcloc loc)
{
	struct node *n = arena_alloc(a, sizeof(*n));

	n->kind = kind;
	n->loc = loc;
	n->builtin = -1;
	return n;
}

struct tnode *tnode_new(struct arena *a, enum tnode_kind kind,
			struct srcloc loc)
{
	struct tnode *t = arena_alloc(a, sizeof(*t));

	t->kind = kind;
	t->loc = loc;
	return t;
}

static const char *const kind_names[] = {
	[NK_INT] = "int", [NK_STRING] = "string", [NK_IDENT] = "ident",
	[NK_MACRO] = "macro", [NK_SYMBOL] = "symbol", [NK_AGG] = "agg",
	[NK_SELF] = "self", [NK_THIS] = "this", [NK_UNARY] = "unary",
	[NK_PREINC] = "preinc", [NK_PREDEC] = "predec",
	[NK_POSTINC] = "postinc", [NK_POSTDEC] = "postdec",
	[NK_BINARY] = "binary", [NK_ASSIGN] = "assign", [NK_COND] = "cond",
	[NK_CALL] = "call", [NK_INDEX] = "index", [NK_MEMBER] = "member",
	[NK_PTRMEMBER] = "ptrmember", [NK_CAST] = "cast",
	[NK_SIZEOF_TYPE] = "sizeof-type", [NK_SIZEOF_EXPR] = "sizeof",
	[NK_OFFSETOF] = "offsetof", [NK_STRINGOF] = "stringof",
	[NK_XLATE] = "xlate", [NK_EXPR_STMT] = "expr", [NK_IF] = "if",
	[NK_BLOCK] = "block", [NK_EMPTY] = "empty", [NK_CLAUSE] = "clause",
	[NK_PROBEDESC] = "probe", [NK_DECL] = "decl", [NK_INLINE] = "inline",
	[NK_TRANSLATOR] = "translator", [NK_PROVIDER] = "provider",
	[NK_PRAGMA] = "pragma",
	[NK_BIND] = "bind", [NK_BOUND] = "bound",
};

const char *node_kind_name(enum node_kind kind)
{
	if ((unsigned)kind >= sizeof(kind_names) / sizeof(kind_names[0]) ||
	    !kind_names[kind])
		return "?";
	return kind_names[kind];
}

static void dump_node(const struct node *n, FILE *fp);
static void dump_type(const struct tnode *t, FILE *fp);

static void dump_quoted(const char *s, size_t len, FILE *fp)
{
	fputc('"', fp);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		switch (c) {
		case '"': fputs("\\\"", fp); break;
		case '\\': fputs("\\\\", fp); break;
		case '\n': fputs("\\n", fp); break;
		case '\t': fputs("\\t", fp); break;
		default:
			if (isprint(c))
				fputc(c, fp);
			else
				fprintf(fp, "\\%03o", c);
		}
	}
	fputc('"', fp);
}

static void dump_list(const struct node *n, FILE *fp)
{
	for (; n; n = n->next) {
		fputc(' ', fp);
		dump_node(n, fp);
	}
}

static void dump_base_words(const struct tnode *t, FILE *fp)
{
	static const struct { unsigned bit; const char *w; } words[] = {
		{ BS_USERLAND, "userland" }, { BS_SIGNED, "signed" },
		{ BS_UNSIGNED, "unsigned" }, { BS_SHORT, "short" },
		{ BS_LONG, "long" }, { BS_LONGLONG, "long long" },
		{ BS_VOID, "void" }, { BS_CHAR, "char" }, { BS_INT, "int" },
		{ BS_FLOAT, "float" }, { BS_DOUBLE, "double" },
		{ BS_STRING, "string" }, { BS_BOOL, "_Bool" },
	};
	const char *sep = "";

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (t->spec & words[i].bit) {
			fprintf(fp, "%s%s", sep, words[i].w);
			sep = " ";
		}
	}
}

static int popcount(unsigned v)
{
	int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static void dump_quals(unsigned q, FILE *fp)
{
	if (q & TQ_CONST)
		fputs("const ", fp);
	if (q & TQ_VOLATILE)
		fputs("volatile ", fp);
	if (q & TQ_RESTRICT)
		fputs("restrict ", fp);
}

static void dump_params(const struct tparam *p, FILE *fp)
{
	for (; p; p = p->next) {
		fputc(' ', fp);
		if (p->name) {
			fprintf(fp, "(param %s ", p->name);
			dump_type(p->tn, fp);
			fputc(')', fp);
		} else {
			dump_type(p->tn, fp);
		}
	}
}

static void dump_sou_body(const struct tnode *t, FILE *fp)
{
	for (const struct tmember *m = t->members; m; m = m->next) {
		fprintf(fp, " (%s ", m->name ? m->name : "-");
		dump_type(m->tn, fp);
		if (m->bits) {
			fputs(" (bits ", fp);
			dump_node(m->bits, fp);
			fputc(')', fp);
		}
		fputc(')', fp);
	}
	for (const struct tenum *e = t->enums; e; e = e->next) {
		fprintf(fp, " (%s", e->name);
		if (e->value) {
			fputc(' ', fp);
			dump_node(e->value, fp);
		}
		fputc(')', fp);
	}
}

static void dump_type_inner(const struct tnode *t, FILE *fp)
{
	static const char *const sou[] = {
		[TN_STRUCT] = "struct", [TN_UNION] = "union", [TN_ENUM] = "enum",
	};

	switch (t->kind) {
	case TN_BASE:
		dump_base_words(t, fp);
		return;
	case TN_STRUCT: case TN_UNION: case TN_ENUM:
		fprintf(fp, "(%s %s%s%s", sou[t->kind],
			t->module ? t->module : "", t->module ? "`" : "",
			t->name ? t->name : "-");
		if (t->has_body)
			dump_sou_body(t, fp);
		fputc(')', fp);
		return;
	case TN_TYPEDEF:
		fprintf(fp, "(typename %s%s%s)", t->module ? t->module : "",
			t->module ? "`" : "", t->name);
		return;
	case TN_POINTER:
		fputs("(ptr ", fp);
		dump_type(t->base, fp);
		break;
	case TN_ARRAY:
		fputs("(array ", fp);
		dump_type(t->base, fp);
		if (t->dim) {
			fputc(' ', fp);
			dump_node(t->dim, fp);
		}
		break;
	case TN_ASSOC:
		fputs("(assoc ", fp);
		dump_type(t->base, fp);
		dump_params(t->params, fp);
		break;
	case TN_FUNC:
		fputs("(func ", fp);
		dump_type(t->base, fp);
		dump_params(t->params, fp);
		if (t->varargs)
			fputs(" ...", fp);
		break;
	}
	fputc(')', fp);
}

static void dump_type(const struct tnode *t, FILE *fp)
{
	bool wrap;

	if (!t) {
		fputs("-", fp);
		return;
	}
	wrap = t->quals || (t->kind == TN_BASE && popcount(t->spec) != 1) ||
	       (t->kind == TN_BASE && (t->spec & BS_LONGLONG));
	if (wrap) {
		fputc('(', fp);
		dump_quals(t->quals, fp);
	}
	dump_type_inner(t, fp);
	if (wrap)
		fputc(')', fp);
}

static void dump_int(const struct node *n, FILE *fp)
{
	fprintf(fp, "(int %llu", (unsigned long long)n->ival);
	if (n->is_char)
		fputs(" char", fp);
	if (n->int_suffix & ~INT_SUF_RADIX) {
		fputc(' ', fp);
		if (n->int_suffix & INT_SUF_U)
			fputc('u', fp);
		if (n->int_suffix & INT_SUF_L)
			fputc('l', fp);
		if (n->int_suffix & INT_SUF_LL)
			fputs("ll", fp);
	}
	fputc(')', fp);
}

static void dump_clause(const struct node *n, FILE *fp)
{
	fputs("(clause", fp);
	dump_list(n->probes, fp);
	if (n->pred) {
		fputs(" (pred ", fp);
		dump_node(n->pred, fp);
		fputc(')', fp);
	}
	if (n->has_body) {
		fputs(" (body", fp);
		dump_list(n->body, fp);
		fputc(')', fp);
	}
	fputc(')', fp);
}

static const char *const storage_names[] = {
	[SC_NONE] = "", [SC_EXTERN] = "extern ", [SC_STATIC] = "static ",
	[SC_REGISTER] = "register ", [SC_AUTO] = "auto ",
	[SC_TYPEDEF] = "typedef ", [SC_SELF] = "self ", [SC_THIS] = "this ",
};

static void dump_decl(const struct node *n, FILE *fp)
{
	if (n->kind == NK_INLINE)
		fprintf(fp, "(inline %s ", n->name);
	else
		fprintf(fp, "(decl %s%s ", storage_names[n->storage],
			n->name ? n->name : "-");
	dump_type(n->tn, fp);
	if (n->tn2) {
		fputc(' ', fp);
		dump_type(n->tn2, fp);
	}
	if (n->init) {
		fputc(' ', fp);
		dump_node(n->init, fp);
	}
	fputc(')', fp);
}

/* Nodes whose dump is "(kind op? children...)" with no special fields. */
static void dump_generic(const struct node *n, FILE *fp)
{
	fprintf(fp, "(%s", node_kind_name(n->kind));
	if (n->kind == NK_UNARY || n->kind == NK_BINARY ||
	    n->kind == NK_ASSIGN)
		fprintf(fp, " %s", tok_kind_str(n->op));
	if (n->kind == NK_CALL)
		fprintf(fp, " %s", n->name);
	if (n->tn) {
		fputc(' ', fp);
		dump_type(n->tn, fp);
	}
	if (n->cond)
		dump_list(n->cond, fp);
	if (n->lhs) {
		fputc(' ', fp);
		dump_node(n->lhs, fp);
	}
	if (n->rhs) {
		fputc(' ', fp);
		dump_node(n->rhs, fp);
	}
	if (n->then) {
		fputc(' ', fp);
		dump_node(n->then, fp);
	}
	if (n->els) {
		fputc(' ', fp);
		dump_node(n->els, fp);
	}
	dump_list(n->args, fp);
	dump_list(n->body, fp);
	if (n->kind == NK_MEMBER || n->kind == NK_PTRMEMBER ||
	    n->kind == NK_OFFSETOF)
		fprintf(fp, " %s", n->name);
	fputc(')', fp);
}

static void dump_node(const struct node *n, FILE *fp)
{
	switch (n->kind) {
	case NK_INT:
		dump_int(n, fp);
		return;
	case NK_STRING:
		fputs("(string ", fp);
		dump_quoted(n->sval, n->slen, fp);
		fputc(')', fp);
		return;
	case NK_IDENT: fprintf(fp, "(ident %s)", n->name); return;
	case NK_MACRO:
		fprintf(fp, "(macro %s%s)", n->quoted ? "$$" : "$", n->name);
		return;
	case NK_SYMBOL:
		fprintf(fp, "(symbol %s`%s)", n->module ? n->module : "",
			n->name);
		return;
	case NK_AGG: fprintf(fp, "(agg @%s)", n->name); return;
	case NK_SELF: fprintf(fp, "(self %s)", n->name); return;
	case NK_THIS: fprintf(fp, "(this %s)", n->name); return;
	case NK_CLAUSE: dump_clause(n, fp); return;
	case NK_PROBEDESC:
		fputs("(probe ", fp);
		dump_quoted(n->sval, strlen(n->sval), fp);
		fputc(')', fp);
		return;
	case NK_DECL: case NK_INLINE: dump_decl(n, fp); return;
	case NK_TRANSLATOR:
		fputs("(translator ", fp);
		dump_type(n->tn, fp);
		fputc(' ', fp);
		dump_type(n->tn2, fp);
		fprintf(fp, " %s", n->name);
		dump_list(n->members, fp);
		fputc(')', fp);
		return;
	case NK_PROVIDER:
		fprintf(fp, "(provider %s", n->name);
		dump_list(n->probes, fp);
		fputc(')', fp);
		return;
	case NK_PRAGMA:
		fputs("(pragma ", fp);
		dump_quoted(n->sval, strlen(n->sval), fp);
		fputc(')', fp);
		return;
	default:
		dump_generic(n, fp);
	}
}

void ast_dump(const struct node *top, FILE *fp)
{
	for (const struct node *n = top; n; n = n->next) {
		dump_node(n, fp);
		fputc('\n', fp);
	}
}

bool ast_any(const struct node *n,
	     bool (*pred)(const struct node *n, void *arg), void *arg)
{
	for (; n; n = n->next) {
		const struct node *kids[] = { n->lhs, n->rhs, n->cond, n->then,
					      n->els, n->args, n->body,
					      n->pred, n->init };

		if (pred(n, arg))
			return true;
		for (size_t i = 0; i < sizeof(kids) / sizeof(kids[0]); i++)
			if (ast_any(kids[i], pred, arg))
				return true;
	}
	return false;
}
