/*
 * Compiler diagnostics: recording the first error and printing it with
 * its source line and a caret.
 */
#include "diag.h"

#include <stdarg.h>
#include <string.h>

static const char *const dtag_names[] = {
#define DTAG(t) #t,
#include "dtags.def"
#undef DTAG
};

const char *dtag_name(enum dtag tag)
{
	if ((unsigned)tag >= DTAG_COUNT)
		return "D_UNKNOWN";
	return dtag_names[tag];
}

int dtag_lookup(const char *name)
{
	for (int i = 0; i < DTAG_COUNT; i++)
		if (strcmp(dtag_names[i], name) == 0)
			return i;
	return -1;
}

/*
 * The tags DTrace raises only as it generates code for a clause (its
 * dt_cg.c and dt_printf.c), after the checks that name the region of
 * the clause being compiled.
 */
static const enum dtag codegen_tags[] = {
	D_ACT_SPEC, D_AGG_COMM, D_ASRELO, D_AGG_NULL, D_AGG_SCALAR, D_AGG_SPEC,
	D_ALLOCA_SIZE, D_CG_DYN, D_CG_EXPR, D_CLEAR_AGGARG, D_CLEAR_AGGBAD,
	D_COMM_DREC, D_DREC_COMM, D_EXIT_SPEC, D_FREOPEN_INVALID,
	D_LLQUANT_FACTORTYPE, D_LLQUANT_FACTORVAL, D_LLQUANT_HMAGTYPE,
	D_LLQUANT_HMAGVAL, D_LLQUANT_LMAGTYPE, D_LLQUANT_LMAGVAL,
	D_LLQUANT_MATCHFACTOR, D_LLQUANT_MATCHHMAG, D_LLQUANT_MATCHLMAG,
	D_LLQUANT_MATCHSTEPS, D_LLQUANT_STEPTYPE, D_LLQUANT_STEPVAL,
	D_LQUANT_BASETYPE, D_LQUANT_BASEVAL, D_LQUANT_LIMTYPE,
	D_LQUANT_LIMVAL, D_LQUANT_MATCHBASE, D_LQUANT_MATCHLIM,
	D_LQUANT_MATCHSTEP, D_LQUANT_MISMATCH, D_LQUANT_STEPLARGE,
	D_LQUANT_STEPSMALL, D_LQUANT_STEPTYPE, D_LQUANT_STEPVAL,
	D_NORMALIZE_AGGARG, D_NORMALIZE_AGGBAD, D_NORMALIZE_SCALAR,
	D_PRINTA_AGGARG, D_PRINTA_AGGBAD, D_PRINTA_AGGKEY, D_PRINTA_AGGPROTO,
	D_PRINTA_PROTO, D_PRINTF_AGG_CONV, D_PRINTF_ARG_EXTRA,
	D_PRINTF_ARG_FMT, D_PRINTF_ARG_PROTO, D_PRINTF_ARG_TYPE,
	D_PRINTF_DYN_PROTO, D_PRINTF_DYN_TYPE, D_PRINTF_FMT_EMPTY,
	D_PRINT_SIZE, D_SPEC_COMM, D_SPEC_DREC, D_SPEC_SPEC, D_STACK_SIZE,
	D_TRACEMEM_ADDR, D_TRACEMEM_SIZE, D_TRACE_DYN, D_TRACE_VOID,
	D_TRUNC_AGGARG, D_TRUNC_AGGBAD, D_USTACK_FRAMES, D_USTACK_STRSIZE,
};

static bool codegen_tag(enum dtag tag)
{
	for (size_t i = 0; i < sizeof(codegen_tags) / sizeof(codegen_tags[0]);
	     i++)
		if (codegen_tags[i] == tag)
			return true;
	return false;
}

void diag_error(struct diag *d, struct srcloc loc, enum dtag tag,
		const char *fmt, ...)
{
	va_list ap;

	if (d->failed)
		return;
	d->failed = true;
	d->tag = tag;
	d->loc = loc;
	d->err_region = codegen_tag(tag) ? NULL : d->region;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
}

/* The source line holding loc, printed with a caret under loc's column. */
static void print_caret(FILE *fp, const struct srcloc *loc)
{
	const char *text = loc->src->text;
	const char *start = text + loc->off;
	const char *end;

	while (start > text && start[-1] != '\n')
		start--;
	end = strchr(start, '\n');
	if (!end)
		end = start + strlen(start);
	fprintf(fp, "    %.*s\n    ", (int)(end - start), start);
	for (const char *p = start; p < text + loc->off && p < end; p++)
		fputc(*p == '\t' ? '\t' : ' ', fp);
	fputs("^\n", fp);
}

void diag_print(const struct diag *d, FILE *fp, const char *what,
		bool errtags)
{
	const struct srcloc *loc = &d->loc;

	fprintf(fp, "dtrace: %s: ", what);
	if (errtags)
		fprintf(fp, "[%s] ", dtag_name(d->tag));
	/* DTrace names the file only for its libraries' errors */
	if (loc->src && loc->src->is_library)
		fprintf(fp, "\"%s\", line %d: ", loc->src->name,
			loc->yyline ? loc->yyline : loc->line);
	else if (loc->src && loc->src->is_file)
		fprintf(fp, "line %d: ", loc->yyline ? loc->yyline : loc->line);
	else if (d->err_region)
		fprintf(fp, "in %s: ", d->err_region);
	fprintf(fp, "%s\n", d->msg);
	if (!loc->src)
		return;
	/* the message's first line: the headline has its details */
	fprintf(fp, "%s:%d:%d: error: %.*s [%s]\n", loc->src->name, loc->line,
		loc->col, (int)strcspn(d->msg, "\n"), d->msg,
		dtag_name(d->tag));
	print_caret(fp, loc);
}
