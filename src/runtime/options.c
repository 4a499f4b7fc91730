/*
 * DTrace options: one table of every option DTrace (illumos and Oracle's
 * Linux port) defines, each with the kind of value it takes and where it
 * is stored in struct dopts.  -x name=value, #pragma D option and the
 * option-like flags (-q, -F, -w, -Z, -C, -b) all go through dopts_set(),
 * so they accept and reject exactly the same spellings, as DTrace's
 * dtrace_setopt() does.  Options bdtrace does not implement yet are still
 * recognised and their values checked, but stored nowhere.
 */
#include "options.h"

#include "../lib/arena.h"
#include "ofmt.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define NANOSEC 1000000000ULL

enum opt_kind {
	OK_BOOL,	/* "-x quiet", "quiet=yes|no|1|0 ..." (dt_opt_runtime) */
	OK_FLAG,	/* compiler flag: takes no value (dt_opt_cflags) */
	OK_COUNT,	/* a number (dt_opt_runtime) */
	OK_SIZE,	/* bytes, with a k/m/g/t suffix (dt_opt_size) */
	OK_TIME,	/* nanoseconds, with a time or hz suffix (dt_opt_rate) */
	OK_STRING,	/* any string, required */
	OK_ENUM,	/* one of the words in choices */
};

/*
 * where the value goes; F_NONE: checked but not stored; F_CPP: appended
 * to the preprocessor's arguments, after the prefix in cpp ("-D", or
 * NULL: the value's words, as cppargs)
 */
/* F_ATTR: copied into a char[DOPTS_ATTR_MAX] (#pragma's value is not kept) */
/* F_NBOOL: a flag that clears the bool another flag sets (kdefs) */
/* F_FILE: a file written later, opened now as DTrace opens it (the
 * path kept, malloc'd) */
enum opt_store { F_NONE, F_BOOL, F_NBOOL, F_I64, F_U64, F_STR, F_CPP,
		 F_ATTR, F_FILE };

/* options a D program may not set (DTrace's EDT_BADOPTCTX) */
#define OF_NOPRAGMA	1u

struct opt_desc {
	const char *name;
	enum opt_kind kind;
	enum opt_store store;
	size_t off;
	const char *const *choices;	/* OK_ENUM */
	unsigned flags;
	const char *cpp;		/* F_CPP */
};

static const char *const bufpolicies[] = { "ring", "fill", "switch", NULL };
static const char *const bufresizes[] = { "auto", "manual", NULL };
static const char *const linkmodes[] = { "kernel", "primary", "dynamic",
					 "static", NULL };
static const char *const evaltimes[] = { "exec", "preinit", "postinit",
					 "main", NULL };
static const char *const linktypes[] = { "elf", "dof", NULL };
static const char *const stdcs[] = { "a", "c", "s", "t", NULL };
/* -x oformat: libxo's styles, as FreeBSD's DTrace takes them */
static const char *const oformats[] = { "text", "none", "json", "xml",
					"html", "json,pretty", "xml,pretty",
					"html,pretty", NULL };
static const char *const xlates[] = { "dynamic", "static", NULL };
/* the D versions this compiler implements (DTrace's list, up to the 1.13
 * that __SUNW_D_VERSION announces) */
static const char *const d_versions[] = {
	"1.0", "1.1", "1.2", "1.2.1", "1.2.2", "1.3", "1.4", "1.4.1",
	"1.5", "1.6", "1.6.1", "1.6.2", "1.6.3", "1.7", "1.7.1", "1.8",
	"1.8.1", "1.9", "1.9.1", "1.10", "1.11", "1.12", "1.12.1",
	"1.13", NULL,
};

#define O(n, k)		{ n, k, F_NONE, 0, NULL, 0, NULL }
#define ONP(n, k)	{ n, k, F_NONE, 0, NULL, OF_NOPRAGMA, NULL }
#define OB(n, k, f)	{ n, k, F_BOOL, offsetof(struct dopts, f), NULL, 0, NULL }
#define ON(n, k, f)	{ n, k, F_NBOOL, offsetof(struct dopts, f), NULL, 0, NULL }
#define OI(n, k, f)	{ n, k, F_I64, offsetof(struct dopts, f), NULL, 0, NULL }
#define OU(n, k, f)	{ n, k, F_U64, offsetof(struct dopts, f), NULL, 0, NULL }
#define OS(n, f)	{ n, OK_STRING, F_STR, offsetof(struct dopts, f), NULL, \
			  0, NULL }
#define OSNP(n, f)	{ n, OK_STRING, F_STR, offsetof(struct dopts, f), NULL, \
			  OF_NOPRAGMA, NULL }
#define OE(n, f, c)	{ n, OK_ENUM, F_STR, offsetof(struct dopts, f), c, 0, \
			  NULL }
#define OEN(n, c)	{ n, OK_ENUM, F_NONE, 0, c, 0, NULL }
#define OF(n, f)	{ n, OK_STRING, F_FILE, offsetof(struct dopts, f), NULL, \
			  0, NULL }
#define OC(n, k, p)	{ n, k, F_CPP, 0, NULL, OF_NOPRAGMA, p }

/* Every option, sorted by name (compile-time, run-time and dynamic). */
static const struct opt_desc opt_table[] = {
	OB("aggfold", OK_BOOL, aggfold),	/* bdtrace's: docs/oformat.md */
	OB("agghist", OK_BOOL, agghist),
	O("aggpack", OK_BOOL),
	OB("aggpercpu", OK_BOOL, aggpercpu),
	OU("aggrate", OK_TIME, aggrate),
	OU("aggsize", OK_SIZE, aggsize),
	OB("aggsortkey", OK_BOOL, aggsortkey),
	OI("aggsortkeypos", OK_COUNT, aggsortkeypos),
	OI("aggsortpos", OK_COUNT, aggsortpos),
	OB("aggsortrev", OK_BOOL, aggsortrev),
	OB("aggzoom", OK_BOOL, aggzoom),
	{ "amin", OK_STRING, F_ATTR, offsetof(struct dopts, amin), NULL, 0, NULL },
	OB("argref", OK_FLAG, argref),
	OB("bpflog", OK_BOOL, bpflog),
	OU("bpflogsize", OK_SIZE, bpflogsize),
	OE("bufpolicy", bufpolicy, bufpolicies),
	OE("bufresize", bufresize, bufresizes),
	OU("bufsize", OK_SIZE, bufsize),
	OU("cleanrate", OK_TIME, cleanrate),
	OB("core", OK_FLAG, core),	/* debug.h */
	OB("cpp", OK_FLAG, cpp),
	OC("cppargs", OK_STRING, NULL),
	OC("cpphdrs", OK_FLAG, "-H"),
	OSNP("cpppath", cpppath),
	OI("cpu", OK_COUNT, cpu),
	ONP("ctfpath", OK_STRING),
	OF("ctypes", ctypes),	/* compile/ctf_out.c */
	OB("debug", OK_FLAG, debug),
	O("debugassert", OK_STRING),
	OB("defaultargs", OK_FLAG, defaultargs),
	OC("define", OK_STRING, "-D"),
	OB("destructive", OK_BOOL, destructive),
	O("disasm", OK_COUNT),
	OB("droptags", OK_FLAG, droptags),
	OF("dtypes", dtypes),
	OU("dynvarsize", OK_SIZE, dynvarsize),
	OB("empty", OK_FLAG, empty),
	OB("errtags", OK_FLAG, errtags),
	OE("evaltime", evaltime, evaltimes),
	OB("flowindent", OK_BOOL, flowindent),
	O("grabanon", OK_BOOL),
	OC("incdir", OK_STRING, "-I"),
	O("iregs", OK_COUNT),
	OU("jstackframes", OK_COUNT, jstackframes),
	O("jstackstrsize", OK_SIZE),
	ON("kdefs", OK_FLAG, knodefs),
	OB("knodefs", OK_FLAG, knodefs),
	OEN("late", xlates),
	O("lazyload", OK_FLAG),
	ONP("ldpath", OK_STRING),
	OS("libdir", libdir),
	OE("linkmode", linkmode, linkmodes),
	O("linknommap", OK_FLAG),
	OEN("linktype", linktypes),
	ONP("lockmem", OK_STRING),
	OU("maxframes", OK_COUNT, maxframes),
	ONP("modpath", OK_STRING),
	OB("nodefer", OK_FLAG, nodefer),	/* bdtrace's own: cg_defer.c */
	O("nolibs", OK_FLAG),
	OB("nomaygoto", OK_FLAG, nomaygoto),	/* bdtrace's own: docs/design.md */
	OB("noresolve", OK_BOOL, noresolve),
	OU("nspec", OK_COUNT, nspec),
	OE("oformat", oformat, oformats),	/* FreeBSD's */
	OU("pcapsize", OK_SIZE, pcapsize),
	O("pgmax", OK_COUNT),
	O("preallocate", OK_SIZE),
	OU("printsize", OK_SIZE, printsize),
	ONP("procfspath", OK_STRING),
	O("pspec", OK_FLAG),
	OB("quiet", OK_BOOL, quiet),
	O("quietresize", OK_BOOL),
	OB("rawbytes", OK_BOOL, rawbytes),
	OB("rawstrings", OK_BOOL, rawstrings),
	OU("scratchsize", OK_SIZE, scratchsize),
	OU("specsize", OK_SIZE, specsize),
	OU("stackframes", OK_COUNT, stackframes),
	/* bdtrace's own: codegen/cg_stackid.c */
	OU("stackhashbits", OK_COUNT, stackhashbits),
	OU("stackindent", OK_COUNT, stackindent),
	OU("statusrate", OK_TIME, statusrate),
	{ "stdc", OK_ENUM, F_STR, offsetof(struct dopts, stdc), stdcs,
	  OF_NOPRAGMA, NULL },
	O("strip", OK_FLAG),
	OU("strsize", OK_SIZE, strsize),
	OU("switchrate", OK_TIME, switchrate),
	O("syslibdir", OK_STRING),
	O("sysslice", OK_STRING),
	O("temporal", OK_BOOL),
	O("tree", OK_COUNT),
	OU("tregs", OK_COUNT, tregs),
	O("udefs", OK_FLAG),
	OC("undef", OK_STRING, "-U"),
	O("unodefs", OK_FLAG),
	O("useruid", OK_COUNT),
	OU("ustackframes", OK_COUNT, ustackframes),
	OB("verbose", OK_FLAG, verbose),
	/* a string checked by version_check, kept as the table's own */
	{ "version", OK_STRING, F_STR, offsetof(struct dopts, version),
	  d_versions, 0, NULL },
	OB("zdefs", OK_FLAG, zdefs),
};

void dopts_init(struct dopts *o)
{
	memset(o, 0, sizeof(*o));
	/* dtrace(1M) sets bufsize and aggsize to 4m; the rest are the
	 * kernel's defaults (dtrace.c: dtrace_*_default). */
	o->bufsize = 4ULL << 20;
	o->aggsize = 4ULL << 20;
	o->dynvarsize = 1ULL << 20;
	o->specsize = 32ULL << 10;
	o->strsize = 256;
	o->nspec = 1;
	o->stackframes = 20;
	/* DTrace for Linux's (illumos' kernel gives 20): a whole stack,
	 * up to maxframes, is what a user reading one wants */
	o->ustackframes = 100;
	o->jstackframes = 50;	/* illumos' _dtrace_jstackframes */
	o->stackindent = 14;
	o->bpflogsize = UINT32_MAX >> 8;	/* DTrace for Linux's */
	o->maxframes = 127;	/* the kernel's PERF_MAX_STACK_DEPTH */
	o->stackhashbits = 64;
	o->tregs = 8;		/* DIF_DTR_NREGS */
	o->pcapsize = 1514;	/* an Ethernet frame, as DTrace's */
	o->switchrate = 0;
	/* DTrace for Linux's: records read as they come, aggregations at
	 * each printa(), exits seen at once; drops reported every second */
	o->aggrate = 0;
	o->statusrate = 0;
	o->cleanrate = NANOSEC / 101;
	o->bufpolicy = "switch";
	o->bufresize = "auto";
	o->linkmode = "kernel";
	o->stdc = "a";
	o->cpu = -1;
	o->oformat = "text";
}

static const struct opt_desc *opt_lookup(const char *name)
{
	size_t lo = 0, hi = sizeof(opt_table) / sizeof(opt_table[0]);

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(name, opt_table[mid].name);

		if (c == 0)
			return &opt_table[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* An unsigned number in C notation (0x.., 0..); negative numbers fail. */
static int parse_num(const char *s, uint64_t *out, const char **end)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '-' || *s == '\0')
		return -1;
	errno = 0;
	*out = strtoull(s, &e, 0);
	if (errno || e == s)
		return -1;
	*end = e;
	return 0;
}

/* yes/no, enable/disable, ... or a number; "" and the negatives unset. */
static int parse_bool(const char *v, int64_t *out)
{
	static const char *const pairs[][2] = {
		{ "yes", "no" }, { "enable", "disable" },
		{ "enabled", "disabled" }, { "true", "false" },
		{ "on", "off" }, { "set", "unset" },
	};
	const char *end;
	uint64_t n;

	if (!v) {
		*out = 1;
		return 0;
	}
	if (*v == '\0') {
		*out = 0;
		return 0;
	}
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		if (strcasecmp(v, pairs[i][0]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(v, pairs[i][1]) == 0) {
			*out = 0;
			return 0;
		}
	}
	if (parse_num(v, &n, &end) < 0 || *end || n > INT64_MAX)
		return -1;
	*out = (int64_t)n;
	return 0;
}

static int parse_size(const char *v, uint64_t *out)
{
	const char *end;
	uint64_t n, mul = 1;

	if (!v || parse_num(v, &n, &end) < 0)
		return -1;
	switch (*end) {
	case 't': case 'T': mul <<= 10;	/* fall through */
	case 'g': case 'G': mul <<= 10;	/* fall through */
	case 'm': case 'M': mul <<= 10;	/* fall through */
	case 'k': case 'K': mul <<= 10;
		end++;
		break;
	}
	if (*end || (n && mul > UINT64_MAX / n))
		return -1;
	*out = n * mul;
	return 0;
}

static int parse_time(const char *v, uint64_t *out)
{
	static const struct { const char *name; uint64_t mul; } sfx[] = {
		{ "", 1 }, { "ns", 1 }, { "nsec", 1 },
		{ "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", NANOSEC }, { "sec", NANOSEC },
		{ "m", 60 * NANOSEC }, { "min", 60 * NANOSEC },
		{ "h", 3600 * NANOSEC }, { "hour", 3600 * NANOSEC },
		{ "d", 86400 * NANOSEC }, { "day", 86400 * NANOSEC },
		{ "hz", 0 },
	};
	const char *end;
	uint64_t n;

	if (!v || parse_num(v, &n, &end) < 0)
		return -1;
	for (size_t i = 0; i < sizeof(sfx) / sizeof(sfx[0]); i++) {
		if (strcasecmp(end, sfx[i].name) != 0)
			continue;
		if (sfx[i].mul == 0)		/* a frequency */
			*out = n ? NANOSEC / n : 0;
		else if (n && sfx[i].mul > UINT64_MAX / n)
			return -1;
		else
			*out = n * sfx[i].mul;
		return 0;
	}
	return -1;
}

static bool in_choices(const char *v, const char *const *choices)
{
	for (; *choices; choices++)
		if (strcmp(v, *choices) == 0)
			return true;
	return false;
}

/* Parse v by d's kind into one of the three value slots. */
static int opt_parse(const struct opt_desc *d, const char *v, int64_t *i,
		     uint64_t *u)
{
	switch (d->kind) {
	case OK_BOOL:
		return parse_bool(v, i);
	case OK_FLAG:
		*i = 1;
		return v ? -1 : 0;
	case OK_COUNT:
		if (parse_bool(v, i) < 0)
			return -1;
		*u = (uint64_t)*i;
		return 0;
	case OK_SIZE:
		return parse_size(v, u);
	case OK_TIME:
		return parse_time(v, u);
	case OK_STRING:
		return v ? 0 : -1;
	case OK_ENUM:
		return v && in_choices(v, d->choices) ? 0 : -1;
	}
	return -1;
}

/* one MAJOR.MINOR[.MICRO] field no larger than max; NULL if malformed */
static const char *version_field(const char *p, unsigned long max,
				 unsigned long *out)
{
	char *end;

	if (*p < '0' || *p > '9')
		return NULL;
	*out = strtoul(p, &end, 10);
	return *out <= max ? end : NULL;
}

/*
 * -x version: a D version this compiler implements (d_versions), else
 * DTrace's errors.
 */
static int version_check(const char *v, char *err, size_t errlen)
{
	unsigned long f;
	const char *p = version_field(v, 0xff, &f);

	if (p && *p == '.')
		p = version_field(p + 1, 0xfff, &f);
	else
		p = NULL;
	if (p && *p == '.')
		p = version_field(p + 1, 0xfff, &f);
	if (!p || *p) {
		snprintf(err, errlen, "Version is not properly formatted or is too large");
		return -1;
	}
	if (!in_choices(v, d_versions)) {
		snprintf(err, errlen, "Requested version is not supported by compiler");
		return -1;
	}
	return 0;
}

/*
 * -x iregs: the integer registers the code generator may use, at most
 * DTrace's eight; it needs all of them, as DTrace's does.
 */
static int iregs_check(uint64_t n, char *err, size_t errlen)
{
	if (n == 0 || n > 8) {
		snprintf(err, errlen, "Invalid value for specified option");
		return -1;
	}
	if (n < 8) {
		snprintf(err, errlen, "Insufficient registers to generate code");
		return -1;
	}
	return 0;
}

/*
 * -x ctypes, -x dtypes: DTrace opens the file as the option is set
 * (O_CREAT, not truncated until it is written), so a path that cannot
 * be written is the option's error.
 */
static int file_check(const char *path, char *err, size_t errlen)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);

	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

/* F_CPP: the preprocessor's arguments, in the order they were given */
static void add_cpparg(struct dopts *o, const char *prefix, const char *v)
{
	size_t plen = prefix ? strlen(prefix) : 0;
	const char *ws = " \f\n\r\t\v";

	while (v) {
		size_t n;

		if (!prefix)		/* cppargs: one argument a word */
			v += strspn(v, ws);
		n = prefix ? strlen(v) : strcspn(v, ws);
		if (!prefix && n == 0)
			break;
		o->cppargv = xrealloc(o->cppargv, (o->ncppargs + 1) *
				      sizeof(*o->cppargv));
		o->cppargv[o->ncppargs] = xmalloc(plen + n + 1);
		memcpy(o->cppargv[o->ncppargs], prefix ? prefix : "", plen);
		memcpy(o->cppargv[o->ncppargs] + plen, v, n);
		o->cppargv[o->ncppargs++][plen + n] = '\0';
		v = prefix ? NULL : v + n;
	}
}

static int opt_set(struct dopts *o, const struct opt_desc *d,
		   const char *value, bool pragma, char *err, size_t errlen)
{
	int64_t i = 0;
	uint64_t u = 0;
	char *field;

	if (opt_parse(d, value, &i, &u) < 0 ||
	    (strcmp(d->name, "strsize") == 0 && u < 2)) {
		snprintf(err, errlen, "Invalid value for specified option");
		return -1;
	}
	if (pragma && (d->flags & OF_NOPRAGMA)) {
		snprintf(err, errlen, "Option cannot be used from within a D program");
		return -1;
	}
	if (strcmp(d->name, "version") == 0 &&
	    version_check(value, err, errlen) < 0)
		return -1;
	if (strcmp(d->name, "iregs") == 0 && iregs_check(u, err, errlen) < 0)
		return -1;
	field = (char *)o + d->off;
	switch (d->store) {
	case F_NONE:
		break;
	case F_BOOL:
		*(bool *)field = i != 0;
		break;
	case F_NBOOL:
		*(bool *)field = i == 0;
		break;
	case F_I64:
		*(int64_t *)field = i;
		break;
	case F_U64:
		*(uint64_t *)field = d->kind == OK_COUNT ? (uint64_t)i : u;
		break;
	case F_STR:
		/* an enum's value is the table's own string: value may not
		 * outlive the call (#pragma D option parses into a buffer) */
		*(const char **)field = value;
		for (const char *const *c = d->choices; c && *c; c++)
			if (strcmp(*c, value) == 0)
				*(const char **)field = *c;
		break;
	case F_CPP:
		add_cpparg(o, d->cpp, d->kind == OK_FLAG ? "" : value);
		break;
	case F_ATTR:
		snprintf(field, DOPTS_ATTR_MAX, "%s", value);
		break;
	case F_FILE:
		if (file_check(value, err, errlen) < 0)
			return -1;
		free(*(char **)field);
		*(char **)field = xstrdup(value);
		break;
	}
	if (strcmp(d->name, "bufsize") == 0)
		o->bufsize_set = true;
	return 0;
}

int dopts_set(struct dopts *o, const char *name, const char *value,
	      char *err, size_t errlen)
{
	const struct opt_desc *d = opt_lookup(name);

	if (!d) {
		snprintf(err, errlen, "Invalid option name");
		return -1;
	}
	return opt_set(o, d, value, false, err, errlen);
}

bool dopts_cmdline_only(const char *name)
{
	const struct opt_desc *d = opt_lookup(name);

	return d && (d->flags & OF_NOPRAGMA);
}

int dopts_setarg(struct dopts *o, const char *arg, char *err, size_t errlen)
{
	const char *eq = strchr(arg, '=');
	const struct opt_desc *d = NULL;
	char name[64];
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg);

	if (n < sizeof(name)) {
		memcpy(name, arg, n);
		name[n] = '\0';
		d = opt_lookup(name);
	}
	if (!d) {
		snprintf(err, errlen, "Invalid option name");
		return -1;
	}
	return opt_set(o, d, eq ? eq + 1 : NULL, true, err, errlen);
}

void dopts_setenv(struct dopts *o, const char *prefix)
{
	char var[96], err[128];

	for (size_t i = 0; i < sizeof(opt_table) / sizeof(opt_table[0]); i++) {
		const char *v;
		size_t n = (size_t)snprintf(var, sizeof(var), "%s%s", prefix,
					    opt_table[i].name);

		for (size_t k = strlen(prefix); k < n; k++)
			var[k] = (char)toupper((unsigned char)var[k]);
		/* as dtrace_setoptenv(), a bad value is ignored */
		if ((v = getenv(var)) != NULL)
			(void)opt_set(o, &opt_table[i], v, false, err,
				      sizeof(err));
	}
}

void dopts_free(struct dopts *o)
{
	for (size_t i = 0; i < o->ncppargs; i++)
		free(o->cppargv[i]);
	free(o->cppargv);
	free(o->ctypes);
	free(o->dtypes);
	o->ctypes = o->dtypes = NULL;
	o->cppargv = NULL;
	o->ncppargs = 0;
}

bool dopts_xo(const struct dopts *o)
{
	enum ofmt_style style = OFMT_TEXT;
	bool pretty;

	return o && ofmt_parse(o->oformat, &style, &pretty) == 0 &&
	       style != OFMT_TEXT;
}
