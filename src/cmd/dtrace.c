/*
 * dtrace(1): the command line.  Parses DTrace's options (the same
 * getopt string, the same messages and exit statuses), turns -n, -P, -m,
 * -f, -i and -s into D sources, compiles them, and either lists the
 * probes they match (-l) or runs them in a session until they end.
 * Everything else lives in the modules it calls.
 *
 * Exit status, as DTrace's: 0, or the argument of exit(); 1 when
 * compiling, loading or tracing fails; 2 for a usage error.
 */
#include <bpf/libbpf.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../codegen/dobj.h"
#include "../compile/compile.h"
#include "../compile/cpp.h"
#include "../compile/diag.h"
#include "../compile/header.h"
#include "../compile/library.h"
#include "../compile/pragma.h"
#include "../compile/provdef.h"
#include "../lib/arena.h"
#include "../lib/kbtf.h"
#include "../lib/ofile.h"
#include "../lib/strbuf.h"
#include "../lib/vec.h"
#include "../link/link.h"
#include "../providers/provider.h"
#include "../runtime/options.h"
#include "../runtime/privs.h"
#include "../runtime/proc.h"
#include "../runtime/debug.h"
#include "../runtime/ready.h"
#include "../runtime/session.h"

extern char **environ;

#define E_SUCCESS	0
#define E_ERROR		1
#define E_USAGE		2

/* DTrace's getopt string: every option it has is recognised. */
static const char DTRACE_OPTSTR[] =
	"+3:6:aAb:Bc:CD:ef:FGhHi:I:lL:m:n:Oo:p:P:qs:SU:vVwx:X:Z";

/* The language version -V reports: illumos DTrace's latest D. */
static const char DTRACE_VERSION_STR[] = "Sun D 1.13";

enum mode { MODE_EXEC, MODE_LIST, MODE_VERSION, MODE_HEADER, MODE_LINK };

/* probe-description options, by how far right their argument reaches */
enum spec { SPEC_FILE, SPEC_PROVIDER = 1, SPEC_MOD, SPEC_FUNC, SPEC_NAME,
	    SPEC_ID };

struct cmd {
	enum spec spec;
	const char *arg;
};

struct cli {
	struct arena arena;
	struct dopts opts;
	VEC(struct cmd) cmds;
	VEC(const char *) margs;	/* $0 $1 ...: the non-option words */
	VEC(const char *) libdirs;	/* -L, in order, then the shipped one */
	enum mode mode;
	int nmodes;
	bool exec;			/* not -e */
	int verbose;
	bool show_dis;			/* -S */
	const char *ofile;
	VEC(struct cmd) procargs;	/* -c and -p, in order (spec: 'c'/'p') */
	struct procs procs;
	struct source *srcs;		/* the programs' texts, read once */
	/* the compilation, kept to compile again while tracing (relink) */
	struct compile_req req;
	bool have_req;
};

static int usage(FILE *fp)
{
	static const char predact[] = "[[ predicate ] action ]";

	fprintf(fp, "Usage: dtrace [-32|-64] [-CeFGhHlqSvVwZ] "
		"[-b bufsz] [-c cmd] [-D name[=def]]\n\t[-I path] [-L path] "
		"[-o output] [-p pid] [-s script] [-U name]\n\t"
		"[-x opt[=val]] [-X a|c|s|t]\n\n"
		"\t[-P provider %s]\n"
		"\t[-m [ provider: ] module %s]\n"
		"\t[-f [[ provider: ] module: ] func %s]\n"
		"\t[-n [[[ provider: ] module: ] func: ] name %s]\n"
		"\t[-i probe-id %s] [ args ... ]\n\n",
		predact, predact, predact, predact, predact);
	fprintf(fp, "\tpredicate -> '/' D-expression '/'\n");
	fprintf(fp, "\t   action -> '{' D-statements '}'\n");
	fprintf(fp, "\n"
		"\t-32 generate 32-bit D programs and ELF files\n"
		"\t-64 generate 64-bit D programs and ELF files\n\n"
		"\t-b  set trace buffer size\n"
		"\t-c  run specified command and exit upon its completion\n"
		"\t-C  run cpp(1) preprocessor on script files\n"
		"\t-D  define symbol when invoking preprocessor\n"
		"\t-e  exit after compiling request but prior to enabling probes\n"
		"\t-f  enable or list probes matching the specified function name\n"
		"\t-F  coalesce trace output by function\n"
		"\t-G  generate an ELF file containing embedded dtrace program\n"
		"\t-h  generate a header file with definitions for static probes\n"
		"\t-H  print included files when invoking preprocessor\n"
		"\t-i  enable or list probes matching the specified probe id\n"
		"\t-I  add include directory to preprocessor search path\n"
		"\t-l  list probes matching specified criteria\n"
		"\t-L  add library directory to library search path\n"
		"\t-m  enable or list probes matching the specified module name\n"
		"\t-n  enable or list probes matching the specified probe name\n"
		"\t-o  set output file\n"
		"\t-O  print aggregations at exit with -x oformat (the default)\n"
		"\t-p  grab specified process-ID and cache its symbol tables\n"
		"\t-P  enable or list probes matching the specified provider name\n"
		"\t-q  set quiet mode (only output explicitly traced data)\n"
		"\t-s  enable or list probes according to the specified D script\n"
		"\t-S  print D compiler intermediate code\n"
		"\t-U  undefine symbol when invoking preprocessor\n"
		"\t-v  set verbose mode (report stability attributes, arguments)\n"
		"\t-V  report DTrace API version\n"
		"\t-w  permit destructive actions\n"
		"\t-x  enable or modify compiler and tracing options\n"
		"\t-X  specify ISO C conformance settings for preprocessor\n"
		"\t-Z  permit probe descriptions that match zero probes\n");
	return E_USAGE;
}

/* ---- options, as a table ---------------------------------------- */

static int set_opt(struct cli *c, const char *name, const char *val,
		   const char *flag)
{
	char err[128];

	if (dopts_set(&c->opts, name, val, err, sizeof(err)) == 0)
		return 0;
	fprintf(stderr, "dtrace: failed to set %s: %s\n", flag, err);
	return E_ERROR;
}

static int add_cmd(struct cli *c, enum spec spec, const char *arg)
{
	struct cmd cmd = { spec, arg };

	vec_push(&c->cmds, cmd);
	return 0;
}

static int set_mode(struct cli *c, enum mode m)
{
	c->mode = m;
	c->nmodes++;
	return 0;
}

static int opt_x(struct cli *c, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char *name = arena_strndup(&c->arena, arg, eq ? (size_t)(eq - arg)
						      : strlen(arg));
	char *flag = arena_printf(&c->arena, "-x %s", name);

	return set_opt(c, name, eq ? eq + 1 : NULL, flag);
}

/* opt: the option's letters, "A" or "32" */
static int unsupported(const char *opt)
{
	fprintf(stderr, "dtrace: -%s option is not supported yet\n", opt);
	return E_USAGE;
}

/* One option; 0 to go on, else the exit status. */
static int handle_opt(struct cli *c, int ch, const char *arg)
{
	switch (ch) {
	case '3':
	case '6':
		if (strcmp(arg, ch == '3' ? "2" : "4") != 0) {
			fprintf(stderr, "dtrace: illegal option -- %c%s\n",
				ch, arg);
			return usage(stderr);
		}
		return ch == '3' ? unsupported("32") : 0;
	case 'b': return set_opt(c, "bufsize", arg,
				 arena_printf(&c->arena, "-b %s", arg));
	case 'C': c->opts.cpp = true; return 0;
	case 'D': return set_opt(c, "define", arg, "-D");
	case 'U': return set_opt(c, "undef", arg, "-U");
	case 'I': return set_opt(c, "incdir", arg, "-I");
	case 'e': c->exec = false; return 0;
	case 'f': return add_cmd(c, SPEC_FUNC, arg);
	case 'F': return set_opt(c, "flowindent", NULL, "-F");
	case 'i': return add_cmd(c, SPEC_ID, arg);
	case 'l': return set_mode(c, MODE_LIST);
	case 'L': vec_push(&c->libdirs, arg); return 0;
	case 'H': return set_opt(c, "cpphdrs", NULL, "-H");
	case 'h': return set_mode(c, MODE_HEADER);
	case 'X': return set_opt(c, "stdc", arg,
				 arena_printf(&c->arena, "-X %s", arg));
	case 'm': return add_cmd(c, SPEC_MOD, arg);
	case 'n': return add_cmd(c, SPEC_NAME, arg);
	case 'o': c->ofile = arg; return 0;
	/* FreeBSD's: list the aggregations at exit with -x oformat, which
	 * bdtrace does anyway, as without it (docs/oformat.md) */
	case 'O': return 0;
	case 'P': return add_cmd(c, SPEC_PROVIDER, arg);
	case 'q': return set_opt(c, "quiet", NULL, "-q");
	case 's': return add_cmd(c, SPEC_FILE, arg);
	case 'S': c->show_dis = true; return 0;
	case 'v': c->verbose++; return 0;
	case 'V': return set_mode(c, MODE_VERSION);
	case 'w': return set_opt(c, "destructive", NULL, "-w");
	case 'x': return opt_x(c, arg);
	case 'Z': c->opts.zdefs = true; return 0;
	case 'c': case 'p': {
		struct cmd pa = { (enum spec)ch, arg };

		vec_push(&c->procargs, pa);
		return 0;
	}
	case 'G': return set_mode(c, MODE_LINK);
	case 'a': case 'A': case 'B':
		return unsupported((char[]){ (char)ch, '\0' });
	}
	return usage(stderr);
}

/*
 * Parse argv.  As dtrace(1M), options and other words may be mixed: the
 * words ($1, $2 ...) are collected between getopt runs.
 */
static int parse_args(struct cli *c, int argc, char **argv)
{
	int ch, rc;

	vec_push(&c->margs, argv[0]);
	for (optind = 1; optind < argc; optind++) {
		while ((ch = getopt(argc, argv, DTRACE_OPTSTR)) != -1) {
			if (ch == '?' || ch == ':')
				return usage(stderr);
			if ((rc = handle_opt(c, ch, optarg)) != 0)
				return rc;
		}
		/* after "--", every word is an argument, "-e" too */
		if (optind > 1 && strcmp(argv[optind - 1], "--") == 0) {
			while (optind < argc)
				vec_push(&c->margs, argv[optind++]);
			break;
		}
		if (optind < argc)
			vec_push(&c->margs, argv[optind]);
	}
	if (c->nmodes > 1) {
		fprintf(stderr, "dtrace: only one of the [-GhlV] options "
			"can be specified at a time\n");
		return E_USAGE;
	}
	if (c->mode == MODE_LIST)
		c->opts.zdefs = true;	/* -l implies -Z */
	return 0;
}

/*
 * Whether dtrace runs as the interpreter of the file SCRIPT with OPTS,
 * the rest of its "#!" line: the kernel passes that as one word before
 * the file's path.  A word of the command line that holds a space
 * (-x cppargs='-H -dM') is not such a line.
 */
static bool is_interp_line(const char *opts, const char *script)
{
	char line[4096];
	bool ok = false;
	FILE *f = fopen(script, "r");

	if (!f)
		return false;
	if (fgets(line, sizeof(line), f) && strncmp(line, "#!", 2) == 0)
		ok = strstr(line, opts) != NULL;
	fclose(f);
	return ok;
}

/*
 * As an interpreter (#!/usr/sbin/dtrace -q -s), the kernel passes the
 * options of the #! line as one word: split it into words.
 */
static char **split_shebang(struct arena *a, int *argc, char **argv)
{
	char *w, *save, *copy;
	char **nv;
	int n = 0;

	if (*argc < 3 || argv[1][0] != '-' || !strpbrk(argv[1], " \t") ||
	    !is_interp_line(argv[1], argv[2]))
		return argv;
	nv = arena_alloc(a, sizeof(*nv) * ((size_t)*argc + strlen(argv[1])));
	nv[n++] = argv[0];
	copy = arena_strdup(a, argv[1]);
	for (w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t",
							       &save))
		nv[n++] = w;
	for (int i = 2; i < *argc; i++)
		nv[n++] = argv[i];
	nv[n] = NULL;
	*argc = n;
	return nv;
}

/* ---- sources ------------------------------------------------------ */

/* A script's text: the file's, or what cpp makes of it under -C. */
static int read_script(struct cli *c, const char *path, char **out)
{
	struct strbuf sb = {0};
	const char *cpperr;
	int fd = open(path, O_RDONLY), err = fd < 0 ? -errno : 0;

	if (err == 0)
		err = sb_read_fd(&sb, fd);
	if (fd >= 0)
		close(fd);
	if (err < 0) {
		fprintf(stderr, "dtrace: failed to open %s: %s\n", path,
			strerror(-err));
		sb_free(&sb);
		return -1;
	}
	*out = arena_strdup(&c->arena, sb_str(&sb));
	sb_free(&sb);
	if (c->opts.cpp && (cpperr = cpp_run(&c->arena, &c->opts, *out, out))) {
		fprintf(stderr, "dtrace: failed to compile script %s: %s\n",
			path, cpperr);
		return -1;
	}
	return 0;
}

static int make_sources(struct cli *c, struct source *srcs)
{
	static const enum pspec pspecs[] = {
		[SPEC_PROVIDER] = PSPEC_PROVIDER, [SPEC_MOD] = PSPEC_MOD,
		[SPEC_FUNC] = PSPEC_FUNC, [SPEC_NAME] = PSPEC_NAME,
		[SPEC_ID] = PSPEC_NAME,
	};

	for (size_t i = 0; i < c->cmds.len; i++) {
		const struct cmd *cmd = &c->cmds.data[i];
		struct source *s = &srcs[i];
		char *text;

		if (cmd->spec == SPEC_FILE) {
			if (read_script(c, cmd->arg, &text) < 0)
				return E_ERROR;
			s->name = cmd->arg;
			s->text = text;
			s->is_file = true;
		} else {
			/* the text is a program, its descriptions
			 * right-aligned at the option's field */
			s->name = "<command-line>";
			s->text = cmd->arg;
			s->pspec = pspecs[cmd->spec];
		}
	}
	return 0;
}

/* ---- compiling ---------------------------------------------------- */

/* The message context DTrace gives a failed command. */
static const char *failed_what(struct cli *c, const struct source *srcs,
			       const struct diag *d)
{
	size_t i = 0;

	for (size_t j = 0; j < c->cmds.len; j++)
		if (d->loc.src == &srcs[j])
			i = j;
	if (c->cmds.len == 0)
		return "failed to compile";
	if (c->cmds.data[i].spec == SPEC_FILE)
		return arena_printf(&c->arena, "failed to compile script %s",
				    c->cmds.data[i].arg);
	return arena_printf(&c->arena, "invalid probe specifier %s",
			    c->cmds.data[i].arg);
}

/* -l goes on past a description that matches nothing, as dtrace(1M) does */
static void list_nomatch(const char *desc, void *arg)
{
	(void)arg;
	fprintf(stderr, "dtrace: failed to match %s: No probe matches "
		"description\n", desc);
}

/* The programs' texts, read (and preprocessed) once: c->srcs. */
static int read_sources(struct cli *c)
{
	struct source *srcs;
	int rc;

	if (c->srcs)
		return 0;
	srcs = arena_alloc(&c->arena, sizeof(*srcs) * (c->cmds.len + 1));
	if ((rc = make_sources(c, srcs)) != 0)
		return rc;
	c->srcs = srcs;
	return 0;
}

static int compile_all(struct cli *c, struct probe_table *tab,
		       struct dobj *obj)
{
	struct source *srcs;
	struct strbuf dis = {0};
	struct diag d = {0};
	struct compile_req req = {
		.nsrcs = (int)c->cmds.len,
		.list_only = c->mode == MODE_LIST,
		.argv = c->margs.data, .argc = (int)c->margs.len,
		.opts = &c->opts, .probes = tab,
		.libdirs = c->libdirs.data, .nlibdirs = (int)c->libdirs.len,
		.target = proc_target(&c->procs),
		.nomatch = c->mode == MODE_LIST ? list_nomatch : NULL,
	};
	int rc;

	for (size_t i = 0; i < c->cmds.len; i++)
		if (c->cmds.data[i].spec == SPEC_FILE)
			c->margs.data[0] = c->cmds.data[i].arg;	/* $0 */
	if ((rc = read_sources(c)) != 0)
		return rc;
	req.srcs = srcs = c->srcs;
	if (compile(&req, obj, &d) < 0) {
		diag_print(&d, stderr, failed_what(c, srcs, &d),
			   c->opts.errtags);
		sb_free(&dis);
		return E_ERROR;
	}
	c->req = req;
	c->have_req = true;
	debug_printf(&c->opts, "compiled: %zu programs, %zu maps",
		     obj->progs.len, obj->maps.len);
	/* -x verbose is -S, as both set DTrace's DTRACE_C_DIFV */
	if ((c->show_dis || c->opts.verbose) && c->mode == MODE_EXEC) {
		/* DTrace prints its intermediate code on stderr. */
		dobj_disassemble(obj, &dis);
		fputs(sb_str(&dis), stderr);
	}
	sb_free(&dis);
	return 0;
}

/* ---- -l ----------------------------------------------------------- */

static void list_attr(const char *title, struct prov_attr a, FILE *out)
{
	fprintf(out, "\n\t%s\n"
		"\t\tIdentifier Names: %s\n"
		"\t\tData Semantics:   %s\n"
		"\t\tDependency Class: %s\n", title,
		prov_stability_name(a.name), prov_stability_name(a.data),
		prov_class_name(a.dclass));
}

/* a probe, and with -v its attributes and argument types, as dtrace(1M) */
static void probe_info(struct probe_table *tab, struct probe *p, FILE *out);

static void list_probe(struct probe_table *tab, struct probe *p, int verbose,
		       FILE *out)
{
	fprintf(out, "%5u %10s %17s %33s %s\n", p->id, p->provname, p->mod,
		p->func, p->name);
	if (verbose)
		probe_info(tab, p, out);
}

/* a probe's attributes and argument types, as dtrace(1M)'s
 * print_probe_info() shows them */
static void probe_info(struct probe_table *tab, struct probe *p, FILE *out)
{
	struct prov_attr desc, args;

	probes_attrs(p, &desc, &args);
	list_attr("Probe Description Attributes", desc, out);
	list_attr("Argument Attributes", args, out);
	fprintf(out, "\n\tArgument Types\n");
	if (p->nargs < 0 && p->prov->args)
		p->prov->args(tab, p);
	for (int i = 0; i < p->nargs; i++)
		fprintf(out, "\t\targs[%d]: %s\n", i,
			p->args[i].type ? p->args[i].type : "(unknown)");
	if (p->nargs <= 0)
		fprintf(out, "\t\tNone\n");
	fprintf(out, "\n");
}

static int do_list(struct cli *c, struct probe_table *tab, struct dobj *obj,
		   FILE *out)
{
	int rc = c->cmds.len ? compile_all(c, tab, obj) : 0;

	if (rc)
		return rc;
	fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE",
		"FUNCTION", "NAME");
	if (c->cmds.len) {
		for (size_t i = 0; i < obj->probes.len; i++)
			list_probe(tab, obj->probes.data[i], c->verbose, out);
	} else {
		/* every probe: fbt's too, enumerated only when asked for */
		probes_enumerate_all(tab);
		for (size_t i = 0; i < tab->probes.len; i++)
			if (probes_usable(tab, tab->probes.data[i]))
				list_probe(tab, tab->probes.data[i],
					   c->verbose, out);
	}
	return E_SUCCESS;
}

/*
 * -o: the trace output, appended to, as DTrace's fopen(path, "a"), but
 * created private (it holds whatever was traced) and never through
 * another user's symbolic link (lib/ofile.h).  NULL after the message.
 */
static FILE *open_output(const char *path)
{
	char why[256];
	int fd = ofile_open(path, O_WRONLY | O_APPEND, 0600, why, sizeof(why));
	FILE *f = fd < 0 ? NULL : fdopen(fd, "a");

	if (fd >= 0 && !f) {
		snprintf(why, sizeof(why), "%s", strerror(errno));
		close(fd);
	}
	if (!f)
		fprintf(stderr, "dtrace: failed to open output file '%s': "
			"%s\n", path, why);
	return f;
}

/* ---- tracing ------------------------------------------------------ */

/* How dtrace(1M) names a program in its notices: its kind, and its name
 * (a description cropped at its clause, as compile_str() crops it). */
static const char *cmd_kind(const struct cmd *cmd)
{
	return cmd->spec == SPEC_FILE ? "script" : "description";
}

static int cmd_name_len(const struct cmd *cmd)
{
	return (int)(cmd->spec == SPEC_FILE ? strlen(cmd->arg)
					    : strcspn(cmd->arg, "{/;"));
}

/* "dtrace: description 'BEGIN ' matched 1 probe", as dtrace(1M) says. */
static uint32_t report_matches(struct cli *c, const struct dobj *obj)
{
	uint32_t total = 0;

	for (size_t i = 0; i < c->cmds.len && i < obj->matched.len; i++) {
		const struct cmd *cmd = &c->cmds.data[i];
		uint32_t n = obj->matched.data[i];

		total += n;
		if (c->opts.quiet)
			continue;
		fprintf(stderr, "dtrace: %s '%.*s' matched %u probe%s\n",
			cmd_kind(cmd), cmd_name_len(cmd), cmd->arg, n,
			n == 1 ? "" : "s");
	}
	return total;
}

/*
 * -v: each program's stability report, as dtrace(1M) prints it after
 * the matches (on the trace output, before the first record); with -e,
 * followed by each of its descriptions and what its first probe is.
 */
static void report_stability(struct cli *c, const struct dobj *obj,
			     struct probe_table *tab, FILE *out)
{
	for (size_t i = 0; c->verbose && i < c->cmds.len &&
			   i < obj->attrs.len; i++) {
		const struct cmd *cmd = &c->cmds.data[i];
		const struct dsrc_attrs *sa = &obj->attrs.data[i];

		fprintf(out, "\nStability attributes for %s %.*s:\n",
			cmd_kind(cmd), cmd_name_len(cmd), cmd->arg);
		list_attr("Minimum Probe Description Attributes",
			  (struct prov_attr){ sa->desc[0], sa->desc[1],
					      sa->desc[2] }, out);
		list_attr("Minimum Statement Attributes",
			  (struct prov_attr){ sa->stmt[0], sa->stmt[1],
					      sa->stmt[2] }, out);
		if (c->exec) {
			fprintf(out, "\n");
			continue;
		}
		/* -e: each description, with its first probe's information */
		for (size_t j = 0; j < obj->descs.len; j++) {
			const struct ddesc *d = &obj->descs.data[j];

			if (d->src != i)
				continue;
			fprintf(out, "\n%s:%s:%s:%s\n", d->f[0], d->f[1],
				d->f[2], d->f[3]);
			if (d->first)
				probe_info(tab, d->first, out);
		}
	}
}

static void unlink_obj(void *arg, struct dobj *o)
{
	struct arena *a = o->arena;

	(void)arg;
	dobj_free(o);
	arena_free(a);
	free(a);
	free(o);
}

/*
 * The program compiled again, against the processes' objects as they are
 * now (a library loaded while tracing: runtime/ulate.c).
 */
static struct dobj *relink(void *arg, const struct dobj *base)
{
	struct cli *c = arg;
	struct dobj *o = xcalloc(1, sizeof(*o));
	struct arena *a = xcalloc(1, sizeof(*a));
	struct diag d = {0};

	dobj_init(o, a);
	dobj_strtab_extend(o, base);	/* an empty table starts any */
	if (compile(&c->req, o, &d) == 0)
		return o;
	diag_print(&d, stderr, "failed to compile the probes of a library "
		   "loaded since", c->opts.errtags);
	unlink_obj(c, o);
	return NULL;
}

static int trace(struct cli *c, struct probe_table *tab, struct dobj *obj,
		 FILE *out)
{
	struct session_conf conf = { obj, tab, &c->opts, out, stderr,
				     c->procs.v.len ? &c->procs : NULL,
				     c->have_req ? relink : NULL, unlink_obj, c };
	struct session *s = NULL;
	int rc = E_ERROR;

	/* the matches are reported before enabling, as dtrace(1M) does:
	 * "could not enable tracing" comes after them */
	if (report_matches(c, obj) == 0 && !c->opts.zdefs) {
		fprintf(stderr, "dtrace: no probes %s\n",
			c->cmds.len ? "matched" : "specified");
		goto out;
	}
	report_stability(c, obj, tab, out);
	if (session__open(&conf, &s) < 0 || session__load(s) < 0)
		goto out;
	if (session__start(s) < 0)
		goto out;
	/*
	 * Everything that reads the kernel's BTF has read it (compiling,
	 * the providers, the fork hook): it is freed unless a program
	 * compiled again while tracing, or print(), still needs it
	 */
	if (!obj->late)
		kbtf_trim(tab->kbtf);
	ready_notify();
	if (!session__exited(s) && session__run(s) < 0) {
		session__stop(s);
		goto out;
	}
	if (session__stop(s) < 0)
		goto out;
	rc = session__status(s);
out:
	session__close(s);
	return rc;
}

static int do_exec(struct cli *c, struct probe_table *tab, struct dobj *obj)
{
	FILE *out = stdout;
	int rc;

	/* -e alone compiles just the D libraries, as DTrace's does */
	if (c->cmds.len == 0 && !c->opts.zdefs && c->exec) {
		fprintf(stderr, "dtrace: no probes specified\n");
		return E_ERROR;
	}
	if ((rc = compile_all(c, tab, obj)) != 0)
		return rc;
	if (!c->exec) {
		report_stability(c, obj, tab, stdout);
		return rc;
	}
	if (c->ofile && !(out = open_output(c->ofile)))
		return E_ERROR;
	rc = trace(c, tab, obj, out);
	if (out != stdout)
		fclose(out);
	return rc;
}

/* A program's "#pragma D option evaltime=", needed before compiling:
 * it says where the -c commands started first are traced from, as
 * -x evaltime does.  An invalid value is left for compiling to report. */
static int pragma_evaltime(struct cli *c)
{
	char arg[80] = "evaltime=", err[256];
	size_t n = strlen(arg);
	int rc;

	if (c->mode != MODE_EXEC || !c->procargs.len)
		return 0;
	if ((rc = read_sources(c)) != 0)
		return rc;
	for (size_t i = 0; i < c->cmds.len; i++)
		if (pragma_find_option(c->srcs[i].text, "evaltime", arg + n,
				       sizeof(arg) - n))
			(void)dopts_setarg(&c->opts, arg, err, sizeof(err));
	return 0;
}

/* -c and -p, in command-line order, before compiling ($target). */
static int start_procs(struct cli *c)
{
	for (size_t i = 0; i < c->procargs.len; i++) {
		const struct cmd *pa = &c->procargs.data[i];
		int err = (int)pa->spec == 'c'
			  ? proc_create(&c->procs, pa->arg,
					proc_evaltime(c->opts.evaltime), stderr)
			  : proc_grab(&c->procs, pa->arg, stderr);

		if (err < 0)
			return E_ERROR;
	}
	return 0;
}

/*
 * The -c and -p processes, whose USDT probes are listed with the rest;
 * the providers are enumerated as descriptions need them (probes_match)
 * or -l lists them all.
 */
static int enumerate(struct cli *c, struct probe_table *tab)
{
	int *pids = arena_alloc(&c->arena, sizeof(*pids) * (c->procs.v.len + 1));

	for (size_t i = 0; i < c->procs.v.len; i++)
		pids[i] = c->procs.v.data[i].pid;
	tab->targets = pids;
	tab->ntargets = c->procs.v.len;
	return 0;
}

/* ---- -h ----------------------------------------------------------- */

/* the first -s script's name, or NULL */
static const char *first_script(const struct cli *c)
{
	for (size_t i = 0; i < c->cmds.len; i++)
		if (c->cmds.data[i].spec == SPEC_FILE)
			return c->cmds.data[i].arg;
	return NULL;
}

/* -h's output: -o, else the first script's with .d made ext. */
static const char *output_name(struct cli *c, const char *ext)
{
	const char *arg = first_script(c);
	size_t len;

	if (c->ofile)
		return c->ofile;
	if (!arg)
		return NULL;
	len = strlen(arg);
	if (len > 2 && strcmp(arg + len - 2, ".d") == 0)
		len -= 2;
	return arena_printf(&c->arena, "%.*s.%s", (int)len, arg, ext);
}

static int do_header(struct cli *c)
{
	struct source *srcs = arena_alloc(&c->arena, sizeof(*srcs) *
					  (c->cmds.len + 1));
	const char *name = output_name(c, "h");
	struct strbuf sb = {0};
	struct diag d = {0};
	char why[256];
	FILE *fp;
	int rc, fd;

	if (!name) {
		fprintf(stderr, "dtrace: -h requires one or more scripts or "
			"an output file (-o)\n");
		return E_USAGE;
	}
	if ((rc = make_sources(c, srcs)) != 0)
		return rc;
	if (header_generate(&c->arena, srcs, (int)c->cmds.len, name, &sb,
			    &d) < 0) {
		diag_print(&d, stderr, failed_what(c, srcs, &d), c->opts.errtags);
		sb_free(&sb);
		return E_ERROR;
	}
	fd = ofile_open(name, O_WRONLY | O_TRUNC, 0666, why, sizeof(why));
	fp = fd < 0 ? NULL : fdopen(fd, "w");
	if (fd >= 0 && !fp) {
		snprintf(why, sizeof(why), "%s", strerror(errno));
		close(fd);
	}
	if (fp && fputs(sb_str(&sb), fp) < 0)
		snprintf(why, sizeof(why), "%s", strerror(errno));
	if (!fp || ferror(fp)) {
		fprintf(stderr, "dtrace: failed to create header file %s: %s\n",
			name, why);
		rc = E_ERROR;
	}
	if (fp)
		fclose(fp);
	sb_free(&sb);
	return rc;
}

/* ---- -G ----------------------------------------------------------- */

/*
 * -G's object: -o, else as DTrace names it, in the current directory:
 * NAME.o for a first script NAME.d (any directory left out), and d.out
 * for one not named so (-s /dev/stdin) or for no script.
 */
static const char *link_name(struct cli *c)
{
	const char *arg = first_script(c), *base;
	size_t len;

	if (c->ofile)
		return c->ofile;
	len = arg ? strlen(arg) : 0;
	if (len < 2 || strcmp(arg + len - 2, ".d") != 0)
		return "d.out";
	base = strrchr(arg, '/');
	base = base ? base + 1 : arg;
	return arena_printf(&c->arena, "%.*s.o",
			    (int)(arg + len - 2 - base), base);
}

/*
 * dtrace -G -s provider.d [-o out.o] objects...: patch the objects'
 * probe sites and write the provider object (src/link/).
 */
static int do_link(struct cli *c)
{
	struct source *srcs = arena_alloc(&c->arena, sizeof(*srcs) *
					  (c->cmds.len + 1));
	const char *name = link_name(c);
	struct provdef *defs;
	struct diag d = {0};
	int rc;

	if ((rc = make_sources(c, srcs)) != 0)
		return rc;
	if (provdef_collect(&c->arena, srcs, (int)c->cmds.len, &defs, &d) < 0) {
		diag_print(&d, stderr, failed_what(c, srcs, &d), c->opts.errtags);
		return E_ERROR;
	}
	/* the words after the options are the objects ($0 is argv[0]) */
	if (link_generate(&c->arena, defs, (char *const *)c->margs.data + 1,
			  (int)c->margs.len - 1, name, stderr) < 0)
		return E_ERROR;
	return E_SUCCESS;
}

/* The library path: -L directories, -x libdir, then the shipped one. */
static void add_libdirs(struct cli *c)
{
	if (c->opts.libdir)
		vec_push(&c->libdirs, c->opts.libdir);
	vec_push(&c->libdirs, library_default_dir(&c->arena));
}

static int run(struct cli *c)
{
	struct arena pa = {0}, oa = {0};
	struct probe_table tab;
	struct dobj obj;
	FILE *out = stdout;
	int rc, err;

	/* -h and -G only write files: they need no privileges */
	if ((c->mode == MODE_EXEC || c->mode == MODE_LIST) &&
	    !privs_can_trace()) {
		fprintf(stderr, "dtrace: failed to initialize dtrace: "
			"DTrace requires additional privileges\n");
		return E_ERROR;
	}
	probes_init(&tab, &pa);
	dobj_init(&obj, &oa);
	/* the processes first: their USDT probes are listed with the rest */
	if ((rc = pragma_evaltime(c)) != 0 || (rc = start_procs(c)) != 0) {
		/* the message is out */
	} else if ((err = enumerate(c, &tab)) < 0) {
		fprintf(stderr, "dtrace: failed to initialize dtrace: %s\n",
			strerror(-err));
		rc = E_ERROR;
	} else if (c->mode == MODE_HEADER) {
		rc = do_header(c);
	} else if (c->mode == MODE_LINK) {
		rc = do_link(c);
	} else if (c->mode == MODE_LIST) {
		if (c->ofile && !(out = open_output(c->ofile))) {
			rc = E_ERROR;
		} else {
			rc = do_list(c, &tab, &obj, out);
			if (out != stdout)
				fclose(out);
		}
	} else {
		rc = do_exec(c, &tab, &obj);
	}
	proc_release_all(&c->procs);
	dobj_free(&obj);
	arena_free(&oa);
	probes_free(&tab);
	arena_free(&pa);
	return rc;
}

/*
 * libbpf's own messages ("libbpf: failed to find valid kernel BTF") are
 * not dtrace's: each failure dtrace meets is reported once, in its own
 * words.  They are shown with -x bpflog, for debugging.  libbpf's
 * printer takes no argument, hence the one static.
 */
static const struct dopts *libbpf_opts;

static int libbpf_print(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	if (!libbpf_opts || !libbpf_opts->bpflog || level == LIBBPF_DEBUG)
		return 0;
	fputs("dtrace: libbpf: ", stderr);
	return vfprintf(stderr, fmt, ap);
}

int main(int argc, char **argv)
{
	struct cli c;
	int rc;

	memset(&c, 0, sizeof(c));
	dopts_init(&c.opts);
	/* DTRACE_OPT_NAME=value, before the command line, as DTrace for Linux */
	dopts_setenv(&c.opts, "DTRACE_OPT_");
	ready_init();
	libbpf_opts = &c.opts;
	libbpf_set_print(libbpf_print);
	c.exec = true;
	if (argc == 1)
		return usage(stderr);
	argv[0] = basename(argv[0]);	/* for getopt's messages */
	argv = split_shebang(&c.arena, &argc, argv);
	rc = parse_args(&c, argc, argv);
	if (rc == 0)
		add_libdirs(&c);
	if (rc == 0 && c.mode == MODE_VERSION)
		rc = printf("dtrace: %s\n", DTRACE_VERSION_STR) <= 0;
	else if (rc == 0)
		rc = run(&c);
	if (c.opts.core)
		debug_force_core();
	vec_free(&c.cmds);
	vec_free(&c.procargs);
	vec_free(&c.margs);
	dopts_free(&c.opts);
	vec_free(&c.libdirs);
	arena_free(&c.arena);
	return rc;
}
