/*
 * printf formats: the conversion dictionary, the parser, and the checks
 * the compiler makes of printf()/printa() arguments.  The dictionary and
 * the parsing rules follow DTrace's dt_printf.c so that the same formats
 * are accepted, numbered and rejected with the same messages; the
 * formatting itself is in fmt_print.c.
 */
#include "fmt.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* How a conversion's argument is checked (DTrace's pfcheck_* family). */
enum fmt_check {
	CK_KADDR,	/* pointer, integer or _symaddr */
	CK_UADDR,	/* _usymaddr, pointer or integer */
	CK_CSI,		/* char, short or int */
	CK_DINT,	/* any integer; %d/%i follow its signedness */
	CK_XINT,	/* any integer */
	CK_FP,		/* float, double, long double */
	CK_ADDR,	/* pointer or integer */
	CK_STR,		/* string or char array */
	CK_WSTR,	/* wchar_t array: not supported */
	CK_STACK,
	CK_TIME,	/* 64-bit integer */
	CK_TYPE,	/* exactly the integer type named: size and sign */
	CK_XSIZE,	/* an integer of the named size, either sign */
	CK_LDOUBLE,	/* long double */
	CK_NONE,	/* %% */
};

struct conv_def {
	const char *name;
	char ofmt;
	enum fmt_cvt cvt;
	enum fmt_check check;
	const char *proto;
	unsigned char tsize;	/* CK_TYPE, CK_XSIZE */
	bool tsigned;		/* CK_TYPE */
};

static const char proto_xint[] = "char, short, int, long, or long long";
static const char proto_csi[] = "char, short, or int";
static const char proto_fp[] = "float, double, or long double";
static const char proto_addr[] = "pointer or integer";
static const char proto_uaddr[] =
	"pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
static const char proto_cstr[] = "char [] or string (or use stringof)";
static const char proto_wstr[] = "wchar_t []";

/* DTrace's printf conversion dictionary, in its order. */
static const struct conv_def conv_defs[] = {
	{ "a", 's', FC_ADDR, CK_KADDR, proto_addr, 0, 0 },
	{ "A", 's', FC_UADDR, CK_UADDR, proto_uaddr, 0, 0 },
	{ "c", 'c', FC_SINT, CK_CSI, proto_csi, 0, 0 },
	{ "C", 's', FC_ECHR, CK_CSI, proto_csi, 0, 0 },
	{ "d", 'd', FC_DINT, CK_DINT, proto_xint, 0, 0 },
	{ "e", 'e', FC_FLOAT, CK_FP, proto_fp, 0, 0 },
	{ "E", 'E', FC_FLOAT, CK_FP, proto_fp, 0, 0 },
	{ "f", 'f', FC_FLOAT, CK_FP, proto_fp, 0, 0 },
	{ "g", 'g', FC_FLOAT, CK_FP, proto_fp, 0, 0 },
	{ "G", 'G', FC_FLOAT, CK_FP, proto_fp, 0, 0 },
	{ "hd", 'd', FC_SINT, CK_TYPE, "short", 2, true },
	{ "hi", 'i', FC_SINT, CK_TYPE, "short", 2, true },
	{ "ho", 'o', FC_UINT, CK_TYPE, "unsigned short", 2, false },
	{ "hu", 'u', FC_UINT, CK_TYPE, "unsigned short", 2, false },
	{ "hx", 'x', FC_UINT, CK_XSIZE, "short", 2, false },
	{ "hX", 'X', FC_UINT, CK_XSIZE, "short", 2, false },
	{ "i", 'i', FC_DINT, CK_DINT, proto_xint, 0, 0 },
	{ "k", 's', FC_STACK, CK_STACK, "stack", 0, 0 },
	{ "lc", 'c', FC_SINT, CK_TYPE, "int", 4, true },
	{ "ld", 'd', FC_SINT, CK_TYPE, "long", 8, true },
	{ "li", 'i', FC_SINT, CK_TYPE, "long", 8, true },
	{ "lo", 'o', FC_UINT, CK_TYPE, "unsigned long", 8, false },
	{ "lu", 'u', FC_UINT, CK_TYPE, "unsigned long", 8, false },
	{ "ls", 's', FC_WIDE, CK_WSTR, proto_wstr, 0, 0 },
	{ "lx", 'x', FC_UINT, CK_XSIZE, "long", 8, false },
	{ "lX", 'X', FC_UINT, CK_XSIZE, "long", 8, false },
	{ "lld", 'd', FC_SINT, CK_TYPE, "long long", 8, true },
	{ "lli", 'i', FC_SINT, CK_TYPE, "long long", 8, true },
	{ "llo", 'o', FC_UINT, CK_TYPE, "unsigned long long", 8, false },
	{ "llu", 'u', FC_UINT, CK_TYPE, "unsigned long long", 8, false },
	{ "llx", 'x', FC_UINT, CK_XSIZE, "long long", 8, false },
	{ "llX", 'X', FC_UINT, CK_XSIZE, "long long", 8, false },
	{ "Le", 'e', FC_FLOAT, CK_LDOUBLE, "long double", 0, 0 },
	{ "LE", 'E', FC_FLOAT, CK_LDOUBLE, "long double", 0, 0 },
	{ "Lf", 'f', FC_FLOAT, CK_LDOUBLE, "long double", 0, 0 },
	{ "Lg", 'g', FC_FLOAT, CK_LDOUBLE, "long double", 0, 0 },
	{ "LG", 'G', FC_FLOAT, CK_LDOUBLE, "long double", 0, 0 },
	{ "o", 'o', FC_UINT, CK_XINT, proto_xint, 0, 0 },
	{ "p", 'x', FC_UINT, CK_ADDR, proto_addr, 0, 0 },
	{ "s", 's', FC_STR, CK_STR, proto_cstr, 0, 0 },
	{ "S", 's', FC_ESTR, CK_STR, proto_cstr, 0, 0 },
	{ "T", 's', FC_TIME822, CK_TIME, "int64_t", 0, 0 },
	{ "u", 'u', FC_UINT, CK_XINT, proto_xint, 0, 0 },
	{ "wc", 'c', FC_SINT, CK_TYPE, "int", 4, true },
	{ "ws", 's', FC_WIDE, CK_WSTR, proto_wstr, 0, 0 },
	{ "x", 'x', FC_UINT, CK_XINT, proto_xint, 0, 0 },
	{ "X", 'X', FC_UINT, CK_XINT, proto_xint, 0, 0 },
	{ "Y", 's', FC_TIME, CK_TIME, "int64_t", 0, 0 },
	{ "%", '%', FC_PCT, CK_NONE, "void", 0, 0 },
};

#define NCONV_DEFS (sizeof(conv_defs) / sizeof(conv_defs[0]))

static const struct conv_def *conv_lookup(const char *name)
{
	for (size_t i = 0; i < NCONV_DEFS; i++)
		if (strcmp(conv_defs[i].name, name) == 0)
			return &conv_defs[i];
	return NULL;
}

static const struct conv_def *conv_def_of(const struct fmt_conv *c)
{
	return conv_lookup(c->name);
}

/* The flags that only set a bit or the width; false for anything else. */
static bool simple_flag(struct fmt_conv *c, char ch)
{
	switch (ch) {
	case '#':
		c->flags |= FMT_F_ALT;
		return true;
	case '+':
		c->flags |= FMT_F_SPOS;
		return true;
	case '-':
		c->flags |= FMT_F_LEFT;
		c->flags &= ~FMT_F_ZPAD;
		return true;
	case '?':
		c->width = 16;	/* the width of an LP64 pointer */
		return true;
	case '@':
		c->flags |= FMT_F_AGG;
		return true;
	case '\'':
		c->flags |= FMT_F_GROUP;
		return true;
	case ' ':
		c->flags |= FMT_F_SPACE;
		return true;
	default:
		return false;
	}
}

/*
 * Parse one conversion after its '%' at *pp; leave *pp after the
 * conversion character.  n is the conversion's number for messages.
 */
static int parse_conv(struct fmt_conv *c, const char **pp, int n,
		      char *err, size_t errlen)
{
	const char *p = *pp;	/* at the '%' */
	size_t namelen = 0;
	int digits = 0, dot = 0;

	for (;;) {
		char ch = *++p;

		if (ch >= '0' && ch <= '9') {
			/* a leading 0 is the flag, later digits a number */
			if (!dot && !digits && ch == '0') {
				c->flags |= FMT_F_ZPAD;
				c->flags &= ~FMT_F_LEFT;
				continue;
			}
			int v = 0;

			for (; *p >= '0' && *p <= '9'; p++)
				v = v * 10 + (*p - '0');
			p--;
			if (dot)
				c->prec = v;
			else
				c->width = v;
			digits++;
			continue;
		}
		if (simple_flag(c, ch))
			continue;
		switch (ch) {
		case '*': {
			unsigned bit = dot ? FMT_F_DYNPREC : FMT_F_DYNWIDTH;

			if (c->flags & bit) {
				/* Oracle's words (illumos said "precision"
				 * for both) */
				snprintf(err, errlen, "format conversion #%d "
					 "has more than one '*' specified for "
					 "the output %s", n,
					 dot ? "precision" : "width");
				return -1;
			}
			c->flags |= bit;
			continue;
		}
		case '.':
			if (dot++) {
				snprintf(err, errlen, "format conversion #%d "
					 "has more than one '.' specified", n);
				return -1;
			}
			digits = 0;
			continue;
		case '$':
			snprintf(err, errlen, "format conversion #%d uses "
				 "unsupported positional format (%%n$)", n);
			return -1;
		case '%':
			if (p[-1] == '%')
				break;
			snprintf(err, errlen, "format conversion #%d cannot be "
				 "combined with other format flags: %%%%", n);
			return -1;
		case '\0':
			snprintf(err, errlen, "format conversion #%d name "
				 "expected before end of format string", n);
			return -1;
		case 'h': case 'l': case 'L': case 'w':
			if (namelen < sizeof(c->name) - 2)
				c->name[namelen++] = ch;
			continue;
		default:
			break;
		}
		c->name[namelen++] = ch;
		c->name[namelen] = '\0';
		break;
	}
	*pp = p + 1;
	return 0;
}

static int count_convs(const char *s)
{
	int n = 0;

	for (; (s = strchr(s, '%')) != NULL; s++) {
		n++;
		if (s[1] == '%')
			s++;
	}
	return n;
}

int fmt_parse(struct arena *a, const char *format, struct fmt **out,
	      char *err, size_t errlen)
{
	struct fmt *f = arena_alloc(a, sizeof(*f));
	const char *q = format, *p;
	int argi = 0;

	f->format = format;
	f->convs = arena_alloc(a, sizeof(*f->convs) *
			       (size_t)(count_convs(format) + 1));
	while ((p = strchr(q, '%')) != NULL) {
		struct fmt_conv *c = &f->convs[f->nconvs++];
		const struct conv_def *d;

		c->prefix = q;
		c->preflen = (size_t)(p - q);
		if (parse_conv(c, &p, f->nconvs, err, errlen) < 0)
			return -1;
		d = conv_lookup(c->name);
		if (!d) {
			snprintf(err, errlen, "format conversion #%d is "
				 "undefined: %%%s", f->nconvs, c->name);
			return -1;
		}
		c->ofmt = d->ofmt;
		c->cvt = d->cvt;
		c->proto = d->proto;
		q = p;
		if (c->cvt == FC_PCT) {
			c->argi = -1;
			continue;
		}
		c->argi = argi;
		argi += !!(c->flags & FMT_F_DYNWIDTH) +
			!!(c->flags & FMT_F_DYNPREC) +
			!(c->flags & FMT_F_AGG);
	}
	f->tail = q;
	f->taillen = strlen(q);
	f->nargs = argi;
	*out = f;
	return 0;
}

int fmt_nargs(const struct fmt *f)
{
	return f->nargs;
}

/* The conversion consuming argument argi, and which of its slots it is. */
static const struct fmt_conv *arg_slot(const struct fmt *f, int argi,
				       const char **dyn)
{
	for (int i = 0; i < f->nconvs; i++) {
		const struct fmt_conv *c = &f->convs[i];
		int k = c->argi;

		if (c->cvt == FC_PCT || argi < k)
			continue;
		if (c->flags & FMT_F_DYNWIDTH) {
			if (argi == k) {
				*dyn = "*";
				return c;
			}
			k++;
		}
		if (c->flags & FMT_F_DYNPREC) {
			if (argi == k) {
				*dyn = ".*";
				return c;
			}
			k++;
		}
		if (!(c->flags & FMT_F_AGG) && argi == k) {
			*dyn = NULL;
			return c;
		}
	}
	return NULL;
}

const struct fmt_conv *fmt_arg_conv(const struct fmt *f, int argi)
{
	const char *dyn;

	return arg_slot(f, argi, &dyn);
}

bool fmt_arg_is_dyn(const struct fmt *f, int argi)
{
	const char *dyn = NULL;

	return arg_slot(f, argi, &dyn) && dyn;
}

static const char *kind_tname(const struct fmt_arg *arg)
{
	static const char *const sname[] = { "char", "short", "int",
					     "int64_t" };
	static const char *const uname[] = { "uchar_t", "ushort_t", "uint_t",
					     "uint64_t" };
	int i;

	if (arg->tname)
		return arg->tname;
	switch (arg->kind) {
	case FA_INT:
		i = arg->size == 1 ? 0 : arg->size == 2 ? 1 :
		    arg->size == 4 ? 2 : 3;
		return arg->is_signed ? sname[i] : uname[i];
	case FA_STRING:	return "string";
	case FA_PTR:	return "void *";
	case FA_FLOAT:	return "double";
	case FA_STACK:	return "stack";
	case FA_SYMADDR: return "_symaddr";
	case FA_USYMADDR: return "_usymaddr";
	case FA_AGG:	return "aggregation";
	default:	return "void";
	}
}

static bool arg_matches(const struct conv_def *d, const struct fmt_arg *a)
{
	bool is_int = a->kind == FA_INT;

	switch (d->check) {
	case CK_KADDR:
		return is_int || a->kind == FA_PTR || a->kind == FA_SYMADDR;
	case CK_UADDR:
		/* DTrace wants -p/-c for a plain address; the compiler
		 * knows whether there is a target, we accept it */
		return is_int || a->kind == FA_PTR || a->kind == FA_USYMADDR;
	case CK_CSI:
		return is_int && a->size <= 4;
	case CK_DINT:
	case CK_XINT:
		return is_int;
	case CK_FP:
		return a->kind == FA_FLOAT;
	case CK_LDOUBLE:
		return a->kind == FA_FLOAT && (a->size == 0 || a->size == 16);
	case CK_ADDR:
		return is_int || a->kind == FA_PTR;
	case CK_STR:
		return a->kind == FA_STRING;
	case CK_STACK:
		return a->kind == FA_STACK;
	case CK_TIME:
		return is_int && (a->size == 0 || a->size == 8);
	case CK_TYPE:
		return is_int && (a->size == 0 || (a->size == d->tsize &&
						   a->is_signed == d->tsigned));
	case CK_XSIZE:
		return is_int && (a->size == 0 || a->size == d->tsize);
	case CK_WSTR:
	case CK_NONE:
	default:
		return false;
	}
}

int fmt_arg_check(const struct fmt *f, int argi, const struct fmt_arg *arg,
		  const char *func, int foff, enum dtag *tag,
		  char *err, size_t errlen)
{
	const char *dyn = NULL;
	const struct fmt_conv *c = arg_slot(f, argi, &dyn);
	int convno;

	if (!c)
		return 0;	/* an extra argument: fmt_check_args says so */
	convno = (int)(c - f->convs) + 1;
	if (dyn) {
		if (arg->kind == FA_INT)
			return 0;
		*tag = D_PRINTF_DYN_TYPE;
		snprintf(err, errlen, "%s( ) argument #%d is incompatible "
			 "with conversion #%d prototype:\n\tconversion: %% %s "
			 "%s\n\t prototype: int\n\t  argument: %s", func,
			 argi + foff + 1, convno, dyn, c->name,
			 kind_tname(arg));
		return -1;
	}
	if (arg_matches(conv_def_of(c), arg))
		return 0;
	*tag = D_PRINTF_ARG_TYPE;
	snprintf(err, errlen, "%s( ) argument #%d is incompatible with "
		 "conversion #%d prototype:\n\tconversion: %%%s\n"
		 "\t prototype: %s\n\t  argument: %s", func, argi + foff + 1,
		 convno, c->name, c->proto, kind_tname(arg));
	return -1;
}

bool fmt_arg_ok(const struct fmt *f, int argi, enum fmt_argkind kind,
		char *err, size_t errlen)
{
	struct fmt_arg arg = { .kind = kind, .size = 0, .is_signed = true };
	enum dtag tag;

	return fmt_arg_check(f, argi, &arg, "printf", 1, &tag,
			     err, errlen) == 0;
}

/*
 * The whole check of a printf()-like call, in DTrace's order: for each
 * conversion its * arguments, then its value, so that the first problem
 * reported is the one DTrace reports.  args may be NULL to check only
 * the count.
 */
int fmt_check_args(const struct fmt *f, const struct fmt_arg *args,
		   int nargs, const char *func, int foff, bool is_printa,
		   bool exact, enum dtag *tag, char *err, size_t errlen)
{
	int j = 0;

	if (f->format[0] == '\0') {
		*tag = D_PRINTF_FMT_EMPTY;
		snprintf(err, errlen, "%s( ) format string is empty", func);
		return -1;
	}
	for (int i = 0; i < f->nconvs; i++) {
		const struct fmt_conv *c = &f->convs[i];
		const char *dyns[2];
		int ndyn = 0;

		if (c->cvt == FC_PCT)
			continue;
		if (c->flags & FMT_F_DYNWIDTH)
			dyns[ndyn++] = "*";
		if (c->flags & FMT_F_DYNPREC)
			dyns[ndyn++] = ".*";
		for (int k = 0; k < ndyn; k++, j++) {
			if (j >= nargs) {
				*tag = D_PRINTF_DYN_PROTO;
				snprintf(err, errlen, "%s( ) prototype "
					 "mismatch: conversion #%d (%%%s) is "
					 "missing a corresponding \"%s\" "
					 "argument", func, i + 1, c->name,
					 dyns[k]);
				return -1;
			}
			if (args && fmt_arg_check(f, j, &args[j], func, foff,
						  tag, err, errlen) < 0)
				return -1;
		}
		if (c->flags & FMT_F_AGG) {
			if (!is_printa) {
				*tag = D_PRINTF_AGG_CONV;
				snprintf(err, errlen, "%%@ conversion requires "
					 "an aggregation and is not for use "
					 "with %s( )", func);
				return -1;
			}
			continue;
		}
		if (j >= nargs) {
			*tag = D_PRINTF_ARG_PROTO;
			snprintf(err, errlen, "%s( ) prototype mismatch: "
				 "conversion #%d (%%%s) is missing a "
				 "corresponding value argument", func, i + 1,
				 c->name);
			return -1;
		}
		if (args && fmt_arg_check(f, j, &args[j], func, foff, tag,
					  err, errlen) < 0)
			return -1;
		j++;
	}
	if (exact && j < nargs) {
		*tag = D_PRINTF_ARG_EXTRA;
		snprintf(err, errlen, "%s( ) prototype mismatch: only %d "
			 "arguments required by this format string", func, j);
		return -1;
	}
	return 0;
}
