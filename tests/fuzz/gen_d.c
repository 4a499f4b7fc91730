/*
 * gen_d SEED: a random D program, the same for the same seed, for
 * tests/fuzz/run.sh to run: global, thread-local, clause-local and
 * associative-array variables of integer and string types, integer and
 * string expressions (arithmetic, comparisons, ternaries, string
 * subroutines), aggregations of every kind, printf() with matching
 * conversions, trace(), if/else, predicates; on BEGIN, a few tick
 * probes and END, ending by itself after a few ticks.  The programs are
 * meant to be valid: each either runs (status 0), or is refused with a
 * located, tagged error; anything else (a crash, a hang, an untagged
 * error, a verifier rejection) is a finding.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pick.h"

static void out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* variables: globals gi0.. (int) gs0.. (string), self->, this-> */
#define NVARS	3

static void gen_int(int depth);
static void gen_str(int depth);

static const char *const str_lits[] = {
	"\"\"", "\"a\"", "\"hello\"", "\"/usr/lib/x.so\"", "\"a,b,c\"",
	"\"MiXeD\"", "\"tab\\there\"",
};

static void gen_int_leaf(void)
{
	switch (pick(9)) {
	case 0: out("%d", (int)pick(2000) - 1000); break;
	case 1: out("gi%u", pick(NVARS)); break;
	case 2: out("self->si%u", pick(NVARS)); break;
	case 3: out("this->ti%u", pick(NVARS)); break;
	case 4: out("%s", (const char *[]){ "pid", "tid", "cpu", "uid",
					     "(timestamp % 1000)",
					     "(walltimestamp / 1000000000 % 7)",
					     "(curthread != NULL)", "epid",
					     "id" }[pick(9)]);
		break;
	case 5: out("ai[%u]", pick(4)); break;
	case 6: out("%uULL", pick(1u << 20)); break;
	case 7: out("'%c'", 'a' + pick(26)); break;
	default: out("%dLL", (int)pick(100)); break;
	}
}

static void gen_int(int depth)
{
	static const char *const binops[] = {
		"+", "-", "*", "&", "|", "^", "<<", ">>", "==", "!=", "<",
		"<=", ">", ">=", "&&", "||", "^^",
	};

	if (depth <= 0) {
		gen_int_leaf();
		return;
	}
	switch (pick(12)) {
	case 0: case 1: case 2:
		gen_int_leaf();
		break;
	case 3:
		out("(");
		gen_int(depth - 1);
		out(" %s ", binops[pick(sizeof(binops) / sizeof(binops[0]))]);
		if (pick(2))
			out("%u", pick(8));	/* small: shifts stay defined */
		else
			gen_int(depth - 1);
		out(")");
		break;
	case 4:
		out("(");
		gen_int(depth - 1);
		out(" %s %u)", pick(2) ? "/" : "%", 1 + pick(9));
		break;
	case 5:
		out("(");
		gen_int(depth - 1);
		out(" ? ");
		gen_int(depth - 1);
		out(" : ");
		gen_int(depth - 1);
		out(")");
		break;
	case 6:
		out("strlen(");
		gen_str(depth - 1);
		out(")");
		break;
	case 7:
		out("%s(", pick(2) ? "index" : "rindex");
		gen_str(depth - 1);
		out(", ");
		gen_str(depth - 1);
		out(")");
		break;
	case 8:
		/* parenthesised: "-" before "-472" would be "--" */
		out("%s(", (const char *[]){ "-", "~", "!" }[pick(3)]);
		gen_int(depth - 1);
		out(")");
		break;
	case 9:
		out("(");
		gen_str(depth - 1);
		out(" %s ", (const char *[]){ "==", "!=", "<", ">=" }[pick(4)]);
		gen_str(depth - 1);
		out(")");
		break;
	case 10:
		out("(%s)", (const char *[]){ "char", "short", "int",
					      "uint8_t", "int64_t",
					      "uint32_t" }[pick(6)]);
		gen_int(depth - 1);
		break;
	default:
		out("as[");
		gen_str(depth - 1);
		out("]");
		break;
	}
}

static void gen_str_leaf(void)
{
	switch (pick(6)) {
	case 0: out("%s", str_lits[pick(sizeof(str_lits) /
					  sizeof(str_lits[0]))]);
		break;
	case 1: out("gs%u", pick(NVARS)); break;
	case 2: out("self->ss%u", pick(NVARS)); break;
	case 3: out("this->ts%u", pick(NVARS)); break;
	case 4: out("%s", (const char *[]){ "execname", "probename",
					     "probefunc", "probeprov",
					     "probemod" }[pick(5)]);
		break;
	default: out("\"%c%u\"", 'a' + pick(26), pick(100)); break;
	}
}

static void gen_str(int depth)
{
	if (depth <= 0) {
		gen_str_leaf();
		return;
	}
	switch (pick(11)) {
	case 0: case 1: case 2:
		gen_str_leaf();
		break;
	case 3:
		out("strjoin(");
		gen_str(depth - 1);
		out(", ");
		gen_str(depth - 1);
		out(")");
		break;
	case 4:
		out("substr(");
		gen_str(depth - 1);
		out(", %d", (int)pick(8) - 2);
		if (pick(2))
			out(", %u", pick(6));
		out(")");
		break;
	case 5:
		out("%s(", (const char *[]){ "toupper", "tolower", "basename",
					     "dirname" }[pick(4)]);
		gen_str(depth - 1);
		out(")");
		break;
	case 6:
		out("lltostr(");
		gen_int(depth - 1);
		out(")");
		break;
	case 7:
		out("(");
		gen_int(depth - 1);
		out(" ? ");
		gen_str(depth - 1);
		out(" : ");
		gen_str(depth - 1);
		out(")");
		break;
	case 8:
		out("strtok(");
		gen_str(depth - 1);
		out(", \",\")");
		break;
	case 9:
		out("(strstr(");
		gen_str(depth - 1);
		out(", ");
		gen_str(depth - 1);
		out(") != NULL ? \"found\" : \"none\")");
		break;
	default:
		out("sa[%u]", pick(4));
		break;
	}
}

static void indent(int n)
{
	for (int i = 0; i < n; i++)
		out("\t");
}

/* the aggregations made so far (bit f: @af), for printa() and the like */
static unsigned agg_made;

/* an aggregating action on an aggregation made before, or a counter */
static void gen_agg_action(int depth)
{
	unsigned f;

	if (!agg_made) {
		out("gi%u++;\n", pick(NVARS));
		return;
	}
	do
		f = pick(9);
	while (!(agg_made & (1u << f)));
	switch (pick(5)) {
	case 0: out("printa(@a%u);\n", f); break;
	case 1: out("printa(\"%%s %%d %%@d\\n\", @a%u);\n", f); break;
	case 2: out("trunc(@a%u, %u);\n", f, pick(4)); break;
	case 3: out("clear(@a%u);\n", f); break;
	default:
		out("normalize(@a%u, 1 + (", f);
		gen_int(depth);
		out(" & 7));\n");
		break;
	}
}

static void gen_aggregation(int depth)
{
	static const char *const fns[] = {
		"count()", "sum", "avg", "min", "max", "stddev", "quantize",
		"lquantize", "llquantize",
	};
	unsigned f = pick(sizeof(fns) / sizeof(fns[0]));

	/* each aggregation keeps one function and one key signature */
	agg_made |= 1u << f;
	out("@a%u[", f);
	gen_str(depth);
	out(", ");
	gen_int(depth);
	out("] = %s", fns[f]);
	if (f == 0) {
		out(";\n");
		return;
	}
	out("(");
	gen_int(depth);
	if (f == 7)
		out(", -100, 100, 10");
	else if (f == 8)
		out(", 10, 0, 6, 20");
	out(");\n");
}

static void gen_stmt(int level, int depth);

static void gen_block(int level, int depth)
{
	int n = 1 + (int)pick(3);

	for (int i = 0; i < n; i++)
		gen_stmt(level, depth);
}

static void gen_stmt(int level, int depth)
{
	indent(level);
	switch (pick(level > 2 ? 10 : 15)) {
	case 0:
		out("gi%u = ", pick(NVARS));
		gen_int(depth);
		out(";\n");
		break;
	case 1:
		out("gs%u = ", pick(NVARS));
		gen_str(depth);
		out(";\n");
		break;
	case 2:
		out("self->si%u %s ", pick(NVARS), pick(2) ? "=" : "+=");
		gen_int(depth);
		out(";\n");
		break;
	case 3:
		out("this->ts%u = ", pick(NVARS));
		gen_str(depth);
		out(";\n");
		break;
	case 4:
		out("this->ti%u = ", pick(NVARS));
		gen_int(depth);
		out(";\n");
		break;
	case 5:
		gen_aggregation(depth);
		break;
	case 6:
		out("printf(\"%%d %%s %%x|\\n\", ");
		gen_int(depth);
		out(", ");
		gen_str(depth);
		out(", ");
		gen_int(depth);
		out(");\n");
		break;
	case 7:
		out("trace(");
		if (pick(2))
			gen_int(depth);
		else
			gen_str(depth);
		out(");\n");
		break;
	case 8:
		out("ai[%u] = ", pick(4));
		gen_int(depth);
		out(";\n");
		break;
	case 9:
		out("sa[%u] = ", pick(4));
		gen_str(depth);
		out(";\n");
		break;
	case 10:
		out("self->ss%u = ", pick(NVARS));
		gen_str(depth);
		out(";\n");
		break;
	case 12:
		gen_agg_action(depth);
		break;
	case 13:
		out("%s%u %s ", pick(2) ? "gi" : "self->si", pick(NVARS),
		    (const char *[]){ "+=", "-=", "*=", "|=", "^=", "&=" }[pick(6)]);
		gen_int(depth);
		out(";\n");
		break;
	default:
		out("if (");
		gen_int(depth);
		out(") {\n");
		gen_block(level + 1, depth);
		indent(level);
		if (pick(2)) {
			out("} else {\n");
			gen_block(level + 1, depth);
			indent(level);
		}
		out("}\n");
		break;
	}
}

static void gen_clause(const char *probe, int depth)
{
	out("%s\n", probe);
	if (pick(3) == 0) {
		out("/");
		gen_int(depth);
		out("/\n");
	}
	out("{\n");
	gen_block(1, depth);
	if (pick(2))
		gen_block(1, depth);
	out("}\n\n");
}

int main(int argc, char **argv)
{
	unsigned long seed = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
	int depth;

	pick_seed(seed);
	depth = 1 + (int)pick(4);
	out("/* gen_d %lu */\n#pragma D option quiet\n\n", seed);
	/* the types of the variables, so that any use order is valid */
	for (int i = 0; i < NVARS; i++)
		out("int gi%d;\nstring gs%d;\nself int si%d;\n"
		    "self string ss%d;\nthis int ti%d;\nthis string ts%d;\n",
		    i, i, i, i, i, i);
	out("int ai[int];\nstring sa[int];\nint as[string];\nint ticks;\n\n");
	gen_clause("BEGIN", depth);
	for (int i = 0, n = 1 + (int)pick(3); i < n; i++)
		gen_clause(pick(2) ? "tick-10ms" : "profile-97hz", depth);
	out("tick-10ms\n{\n\tticks++;\n}\n\ntick-10ms\n/ticks > 4/\n{\n"
	    "\texit(0);\n}\n\n");
	gen_clause("END", depth);
	return 0;
}
