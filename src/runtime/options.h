/*
 * DTrace options: one table shared by -x name=value, #pragma D option
 * and the flags that are shorthands for options (-q is quiet, -F is
 * flowindent, -w is destructive, -Z is zdefs, -C is cpp ...).  Every
 * option DTrace defines is in the table; the ones a later part of the
 * project implements are accepted and stored.
 */
#ifndef BD_OPTIONS_H
#define BD_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dopts {
	/* consumer and output */
	bool quiet;		/* -q */
	bool flowindent;	/* -F */
	bool destructive;	/* -w */
	bool zdefs;		/* -Z: descriptions matching nothing are fine */
	bool errtags;		/* errors show their D_ tag in the headline */
	bool droptags;		/* drop reports show their DTRACEDROP_ tag */
	bool bpflog;		/* show the verifier's log of every program */
	bool debug;		/* the run's steps on stderr (debug.h) */
	bool core;		/* dump core at the end (debug.h) */
	bool verbose;		/* the compiled programs on stderr, as -S */
	bool nodefer;		/* copies failing at a system call's entry
				 * are faults there (codegen/cg_defer.c) */
	bool nomaygoto;		/* loops as bpf_loop() callbacks even where
				 * the kernel has may_goto (cg_loop.c) */
	bool rawbytes;
	bool noresolve;		/* user addresses as module:offset */
	bool rawstrings;	/* traced text as it is: no escapes in output,
				 * no quoting in system() (fmt_text.c) */
	bool defaultargs;
	bool argref;		/* unreferenced macro arguments are fine */
	bool empty;		/* programs without clauses are fine */
	bool cpp;		/* -C */
	bool knodefs;		/* kernel symbols may be left to load time
				 * (-x knodefs; -x kdefs clears it) */
	bool aggsortkey, aggsortrev, aggpercpu, aggzoom;
	bool agghist;
	bool aggfold;		/* stack-keyed aggregations as folded stacks */
	const char *oformat;	/* structured output: "json", "xml,pretty"
				 * ... (runtime/ofmt.h); "text": none */
	int64_t aggsortpos, aggsortkeypos;
	/* sizes in bytes */
	uint64_t bufsize;	/* ring buffer (default 4m) */
	bool bufsize_set;	/* bufsize given (-b, -x, #pragma, env) */
	uint64_t aggsize;
	uint64_t dynvarsize;
	uint64_t specsize;
	uint64_t strsize;	/* characters a string holds (256) */
	uint64_t nspec;
	uint64_t stackframes, ustackframes, jstackframes;
	uint64_t stackindent;	/* stack() frames' indentation (14) */
	uint64_t maxframes;
	uint64_t stackhashbits;	/* bits kept of a stack key's hash (64):
				 * fewer make ids collide, for tests
				 * (codegen/cg_stackid.c) */
	uint64_t bpflogsize;	/* the verifier log's size under bpflog */
	uint64_t tregs;		/* DTrace's tuple registers: keys at most + 1 */
	uint64_t printsize;	/* print(): bytes shown at most (0: all) */
	uint64_t scratchsize;	/* alloca() at most (0: the scratch left) */
	uint64_t pcapsize;	/* pcap(): bytes of a packet captured (1514) */
	/* rates and intervals in nanoseconds */
	uint64_t switchrate, aggrate, statusrate, cleanrate;
	const char *bufpolicy;	/* "switch", "fill", "ring" */
	const char *bufresize;	/* "auto", "manual" */
	const char *linkmode, *stdc;
	/* -x evaltime: where a -c command starts being traced ("exec",
	 * "preinit", "postinit", "main"; NULL: the default, postinit) */
	const char *evaltime;
	const char *version;	/* -x version: the D version asked for, or NULL */
	int64_t cpu;		/* -1: all */
	const char *libdir;	/* D library directory (-L) */
	/* -x amin: the least stability a clause's descriptions may have
	 * (compile/stability.c); "": none */
#define DOPTS_ATTR_MAX	64
	char amin[DOPTS_ATTR_MAX];
	/* -C: the preprocessor (cpp on $PATH when NULL), and the
	 * arguments -D, -U, -I, -H and cppargs add, in order (malloc'd) */
	const char *cpppath;
	char **cppargv;
	size_t ncppargs;
	/* -x ctypes, -x dtypes: where the compiler writes DTrace's "C" and
	 * "D" type containers as CTF (compile/ctf_out.c); malloc'd */
	char *ctypes, *dtypes;
};

/*
 * The bytes a string value takes: strsize characters at most, and the
 * NUL, as DTrace for Linux counts strsize.
 */
/* Is the output structured (-x oformat json, xml or html)? */
bool dopts_xo(const struct dopts *o);

static inline uint32_t dopts_strbytes(const struct dopts *o)
{
	return (uint32_t)o->strsize + 1;
}

/* DTrace's defaults. */
void dopts_init(struct dopts *o);

/*
 * Set option `name` (value NULL for a bare boolean, as "-x quiet").
 * Returns 0, or -1 with a message in err: "unrecognized option" for an
 * unknown name, "invalid value" for a bad value.
 */
int dopts_set(struct dopts *o, const char *name, const char *value,
	      char *err, size_t errlen);

/*
 * For #pragma D option name=value: split at '=' and set, refusing the
 * options only the command line may set (the preprocessor's, paths).
 */
int dopts_setarg(struct dopts *o, const char *arg, char *err, size_t errlen);
/* Is `name` an option DTrace takes from the command line only? */
bool dopts_cmdline_only(const char *name);

/*
 * Options from the environment, as DTrace for Linux takes them:
 * PREFIXNAME in upper case (DTRACE_OPT_CPPARGS=...).  Bad values are
 * ignored, as DTrace ignores them.
 */
void dopts_setenv(struct dopts *o, const char *prefix);

/* Free what setting options allocated (the preprocessor's arguments,
 * the type files' paths). */
void dopts_free(struct dopts *o);

#endif
