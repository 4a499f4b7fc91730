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

void diag_error(struct diag *d, struct srcloc loc, enum dtag tag,
		const char *fmt, ...)
{
	va_list ap;

	if (d->failed)
		return;
	d->failed = true;
	d->tag = tag;
	d->loc = loc;
	d->err_region = d->region;
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
	if (loc->src && loc->src->is_file)
		fprintf(fp, "line %d: ", loc->yyline ? loc->yyline : loc->line);
	else if (d->err_region)
		fprintf(fp, "in %s: ", d->err_region);
	fprintf(fp, "%s\n", d->msg);
	if (!loc->src)
		return;
	fprintf(fp, "%s:%d:%d: error: %s [%s]\n", loc->src->name, loc->line,
		loc->col, d->msg, dtag_name(d->tag));
	print_caret(fp, loc);
}
