/*
 * gen_expr SEED d|c: random integer expressions of mixed types, the
 * same for the same seed, as a D program (d) and as a C program (c)
 * that must print the same lines, for tests/fuzz/run_expr.sh.
 *
 * Variables of every integer type (char .. unsigned long) get random
 * values; each expression mixes them with casts, + - * & | ^, shifts by
 * constants below the width, / and % by non-zero constants, comparisons,
 * !, -, ~, &&, || and ?:.  Every line prints an expression's value (as
 * a long long) and its size.
 *
 * The C text follows D's type rules (docs/design.md, "Probe context and
 * registers"), which are C's usual arithmetic conversions without C's
 * promotion of char and short to int (the operand of higher rank, width
 * then unsigned, gives the type): each operand is converted to the
 * operator's D type explicitly.  D keeps an operator's result in 64
 * bits until it is stored, converted or cast to a narrower type or the
 * other signedness, where C narrows it at once; so each generated
 * operator's result is narrowed to its own type in both programs (in D
 * through the other signedness), and what is compared is the
 * conversions and the operators, not where narrowing happens.  A
 * comparison is DTrace's: of the operands' 64-bit values, unsigned if
 * their common type is, so a negative int is above every unsigned int,
 * where C converts it to an unsigned int first.  Constants never meet
 * constants (D folds constant expressions in 64 bits, C in their type):
 * they are only divisors and shift counts.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pick.h"

#define NTYPES	8
#define NEXPR	40
#define TEXT	8192

static const char *const tname[NTYPES] = {
	"char", "unsigned char", "short", "unsigned short",
	"int", "unsigned int", "long", "unsigned long",
};
static const char *const vname[NTYPES] = {
	"c", "uc", "s", "us", "i", "ui", "l", "ul",
};
static const int tsize[NTYPES] = { 1, 1, 2, 2, 4, 4, 8, 8 };
#define T_INT	4

static uint64_t pick64(void)
{
	return ((uint64_t)pick(1u << 31) << 33) ^ ((uint64_t)pick(1u << 31) << 2) ^
	       pick(4);
}

/* the type of higher rank: width, then unsigned above signed */
static int common(int a, int b)
{
	return a > b ? a : b;	/* the table is in rank order */
}

/* an expression in both languages, and its D type */
struct ex {
	char d[TEXT], c[TEXT];
	int t;
};

static void set(char *dst, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* dst (TEXT bytes) = the formatted text, cut short if need be */
static void set(char *dst, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(dst, TEXT, fmt, ap);
	va_end(ap);
}

static void gen(struct ex *x, int depth);

/*
 * D's cast that narrows a value to type t: DTrace's casts narrow only
 * to a narrower type or the other signedness (a cast to an operator's
 * own type keeps the bits past its width, as dt_cg_typecast does), so
 * through the type of the other signedness and back.
 */
static const char *narrow(int t)
{
	static char buf[NTYPES][64];

	snprintf(buf[t], sizeof(buf[t]), "(%s)(%s)", tname[t], tname[t ^ 1]);
	return buf[t];
}

static void leaf(struct ex *x)
{
	int t = (int)pick(NTYPES), k = (int)pick(2);

	set(x->d, "%s%d", vname[t], k);
	set(x->c, "%s%d", vname[t], k);
	x->t = t;
}

/* a binary operator whose operands are converted to their common type */
static void binary(struct ex *x, int depth, const char *op)
{
	struct ex *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));

	gen(a, depth - 1);
	gen(b, depth - 1);
	int t = common(a->t, b->t);

	set(x->d, "(%s(%s %s %s))", narrow(t), a->d, op, b->d);
	set(x->c, "((%s)((%s)(%s) %s (%s)(%s)))", tname[t],
		 tname[t], a->c, op, tname[t], b->c);
	x->t = t;
	free(a);
	free(b);
}

static void gen(struct ex *x, int depth)
{
	static const char *const arith[] = { "+", "-", "*", "&", "|", "^" };
	static const char *const cmp[] = { "<", "<=", ">", ">=", "==", "!=" };

	if (depth <= 0 || pick(5) == 0) {
		leaf(x);
		return;
	}
	struct ex *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	struct ex *c = malloc(sizeof(*c));

	switch (pick(10)) {
	case 0: case 1: case 2:
		binary(x, depth, arith[pick(6)]);
		break;
	case 3: {	/* a cast */
		int t = (int)pick(NTYPES);

		gen(a, depth - 1);
		set(x->d, "((%s)%s)", tname[t], a->d);
		set(x->c, "((%s)%s)", tname[t], a->c);
		x->t = t;
		break;
	}
	case 4: {	/* a shift by a constant below the width */
		gen(a, depth - 1);
		int t = a->t, k = (int)pick(8 * (unsigned)tsize[t]);
		const char *op = pick(2) ? "<<" : ">>";

		set(x->d, "(%s(%s %s %d))", narrow(t), a->d, op, k);
		set(x->c, "((%s)(%s %s %d))", tname[t], a->c, op, k);
		x->t = t;
		break;
	}
	case 5: {	/* / or % by a non-zero int constant */
		gen(a, depth - 1);
		int k = 1 + (int)pick(17), t = common(a->t, T_INT);
		const char *op = pick(2) ? "/" : "%";

		if (pick(3) == 0)
			k = -k;
		set(x->d, "(%s(%s %s %d))", narrow(t), a->d, op, k);
		set(x->c, "((%s)((%s)(%s) %s (%s)(%d)))",
			 tname[t], tname[t], a->c, op, tname[t], k);
		x->t = t;
		break;
	}
	case 6: {	/* a comparison: an int */
		gen(a, depth - 1);
		gen(b, depth - 1);
		int t = common(a->t, b->t);
		const char *op = cmp[pick(6)];

		set(x->d, "(%s %s %s)", a->d, op, b->d);
		/* as DTrace's dt_cg_compare_signed: the operands' 64-bit
		 * values (each extended from its own type), compared
		 * unsigned if their common type is */
		const char *ct = t % 2 ? "unsigned long" : "long";

		set(x->c, "((int)((%s)(%s) %s (%s)(%s)))", ct, a->c, op, ct,
		    b->c);
		x->t = T_INT;
		break;
	}
	case 7: {	/* unary: the operand's type, or an int for ! */
		gen(a, depth - 1);
		int u = (int)pick(3);
		const char *op = (const char *[]){ "-", "~", "!" }[u];
		int t = u == 2 ? T_INT : a->t;

		set(x->d, "(%s%s%s)", narrow(t), op, a->d);
		set(x->c, "((%s)%s(%s)%s)", tname[t], op,
			 tname[a->t], a->c);
		x->t = t;
		break;
	}
	case 8: {	/* && || : an int */
		gen(a, depth - 1);
		gen(b, depth - 1);
		const char *op = pick(2) ? "&&" : "||";

		set(x->d, "(%s %s %s)", a->d, op, b->d);
		set(x->c, "((int)(%s %s %s))", a->c, op, b->c);
		x->t = T_INT;
		break;
	}
	default: {	/* ?: in the common type of its branches */
		gen(c, depth - 1);
		gen(a, depth - 1);
		gen(b, depth - 1);
		int t = common(a->t, b->t);

		set(x->d, "(%s(%s ? %s : %s))", narrow(t), c->d, a->d,
		    b->d);
		set(x->c, "((%s)(%s ? (%s)(%s) : (%s)(%s)))",
			 tname[t], c->c, tname[t], a->c, tname[t], b->c);
		x->t = t;
		break;
	}
	}
	free(a);
	free(b);
	free(c);
}

int main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[2], "d") && strcmp(argv[2], "c"))) {
		fprintf(stderr, "usage: gen_expr SEED d|c\n");
		return 2;
	}
	int d = argv[2][0] == 'd';
	uint64_t vals[NTYPES][2];

	pick_seed(strtoull(argv[1], NULL, 10));
	for (int t = 0; t < NTYPES; t++)
		for (int k = 0; k < 2; k++) {
			/* small values as often as wide ones */
			switch (pick(3)) {
			case 0: vals[t][k] = (uint64_t)((int64_t)pick(7) - 3); break;
			case 1: vals[t][k] = (uint64_t)((int64_t)pick(1u << 17) - (1 << 16)); break;
			default: vals[t][k] = pick64(); break;
			}
		}
	if (d) {
		printf("#pragma D option quiet\n\n");
		for (int t = 0; t < NTYPES; t++)
			printf("%s %s0, %s1;\n", tname[t], vname[t], vname[t]);
		printf("\nBEGIN\n{\n");
	} else {
		printf("#include <stdio.h>\n\n");
		for (int t = 0; t < NTYPES; t++)
			printf("static volatile %s %s0, %s1;\n", tname[t],
			       vname[t], vname[t]);
		printf("\nint main(void)\n{\n");
	}
	for (int t = 0; t < NTYPES; t++)
		for (int k = 0; k < 2; k++)
			printf("\t%s%d = (%s)%lluULL;\n", vname[t], k, tname[t],
			       (unsigned long long)vals[t][k]);
	for (int i = 0; i < NEXPR; i++) {
		struct ex *x = malloc(sizeof(*x));

		gen(x, 1 + (int)pick(4));
		if (d)
			printf("\tprintf(\"%d %%d %%d\\n\", (long long)%s, sizeof (%s));\n",
			       i, x->d, x->d);
		else
			printf("\tprintf(\"%d %%lld %%d\\n\", (long long)%s, %d);\n",
			       i, x->c, tsize[x->t]);
		free(x);
	}
	printf(d ? "\texit(0);\n}\n" : "\treturn 0;\n}\n");
	return 0;
}
