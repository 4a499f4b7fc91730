/*
 * What the user-space providers (pid.c, usdt.c) share with each other:
 * a probe's site in a file (what a uprobe is), the instruction decoder,
 * and the attachment of programs to uprobes (uattach.c).  Other modules
 * use provider.h only.
 */
#ifndef BD_UPROV_H
#define BD_UPROV_H

#include <gelf.h>
#include <stdbool.h>
#include <stdint.h>

#include "prov.h"

/* How a USDT argument is read at the probe site (unotes.c). */
enum usdt_arg_kind {
	UA_CONST,	/* val */
	UA_REG,		/* the register saved at pt_regs offset reg */
	UA_MEM,		/* size bytes at the register's value + val, or at
			 * address val when reg is -1 */
	UA_SYM,		/* size bytes at symbol sym + val ("x+8(%rip)"); a
			 * site resolves it to a UA_MEM from PT_REGS_IP */
	UA_NONE,	/* an operand we cannot read: 0 */
};

struct usdt_arg {
	enum usdt_arg_kind kind;
	uint8_t size;		/* 1, 2, 4 or 8 bytes */
	bool is_signed;
	int16_t reg;		/* offset in struct pt_regs */
	int64_t val;
	const char *sym;	/* UA_SYM: its name, symlen bytes */
	uint32_t symlen;
};

/*
 * struct pt_regs' ip: at a uprobe, the probe site's address in the
 * process that fired, wherever that process loaded the object
 */
#define PT_REGS_IP	128

/* <sys/sdt.h> allows 12 arguments */
#define USDT_MAXARGS	12

/* One SDT note: a USDT probe site of an object. */
struct usdt_note {
	const char *prov, *name;	/* as written ("gc__start") */
	const char *argstr;		/* the argument specifications */
	uint64_t pc;			/* ELF address of the site */
	uint64_t sema;			/* ELF address of the semaphore, 0 */
	struct usdt_arg args[USDT_MAXARGS];
	int nargs;			/* -1: specifications we cannot read */
};

enum usite_kind {
	US_ENTRY,	/* a function's first instruction */
	US_RETURN,	/* a function's return (a uretprobe) */
	US_OFFSET,	/* any instruction */
	US_USDT,	/* an SDT note's probe site */
};

/*
 * Where a user probe fires: probe->priv of pid and USDT probes is its
 * first site; a USDT probe placed more than once in a function has more.
 */
struct usite {
	struct usite *next;	/* the probe's next site */
	uint32_t prid;		/* the probe's id: the uprobe's BPF cookie */
	int pid;		/* the process (uprobes filter on it) */
	const char *path;	/* the object file */
	const char *file;	/* its file name (a module name too) */
	const char *prov;	/* its provider's name without a process id
				 * ("pid", the note's "python") */
	struct uobj *obj;	/* the object, in its process */
	uint64_t func_addr;	/* ELF address of its function (pid) */
	uint64_t off;		/* the instruction's offset in that file */
	uint64_t addr;		/* its address in the process */
	uint64_t ref_ctr_off;	/* the semaphore's file offset; 0: none */
	enum usite_kind kind;
	bool in_exe;		/* in the program (module "a.out") */
	bool optional;		/* made by a glob: skipped if the kernel
				 * refuses the instruction */
	/*
	 * made by a provider glob that names every process ("python*",
	 * "pid*"): the first such site of a file offset (wide_first) is
	 * also attached for every process (uwide.c); one of a process
	 * found after that attachment was planned (covered) is not
	 * attached of its own, the wide one fires for it
	 */
	bool wide, wide_first, covered;
	bool wide_planned;	/* wide_first: its wide attachment planned */
	const struct usdt_arg *args;	/* US_USDT: how to read each argument */
	int nargs;
	const char *const *types;	/* US_USDT: args[]' C types, or NULL */
};

/* The sites an attach point's program is attached to (attach->priv). */
struct usite_set {
	const struct usite **v;
	size_t n;
	/* wide: every process's; the program skips the processes skip[]
	 * (they have sites of their own) */
	bool wide;
	const int *skip;
	size_t nskip;
};

/*
 * Provider notes: dtrace -h headers and -G objects embed each provider's
 * definition in the program, a note (owner "dtrace", type 1, section
 * .note.dtrace.provider) whose text is one fact a line:
 *
 *	provider NAME
 *	probe NAME              (as written: "query__start")
 *	native CTYPE            (each argument the program passes)
 *	arg N CTYPE             (each of args[]: native argument N, typed)
 *
 * SDT notes hold only where the arguments are; these give their types.
 */
struct udef_probe {
	const char *prov, *name;
	int nnative;
	int nargs;
	int map[USDT_MAXARGS];		/* args[i] is native[map[i]] */
	const char *types[USDT_MAXARGS];	/* C type of args[i] */
};

/* unotes.c: elf's SDT notes into *out (in a); their number */
int usdt_notes_read(Elf *elf, struct arena *a, struct usdt_note **out);
/* unotes.c: the probes of elf's provider notes into *out; their number */
int usdt_defs_read(Elf *elf, struct arena *a, struct udef_probe **out);
/* "provider p\nprobe x\n..." into *out (in a); their number (pure) */
int usdt_defs_parse(const char *text, struct arena *a,
		    struct udef_probe **out);
/*
 * "-4@%eax 8@16(%rbp)" into out[max] (symbol names point into spec); the
 * count, or -1 if spec is not a list of arguments
 */
int usdt_parse_args(const char *spec, struct usdt_arg *out, int max);

/* uinsn.c: may a uprobe sit on the instruction at code[0 .. len)? */
bool uinsn_uprobe_ok(const uint8_t *code, size_t len);

/* uinsn.c: the offsets of the instructions in code[0 .. size) (see
 * uproc_insns); count or -errno */
int uinsn_offsets(const uint8_t *code, uint64_t size, uint64_t addr,
		  uint32_t **offs);

/* pid.c: the probe's module and function answer to mod and func (the
 * module by uproc_mod_match, the function by any of its names) */
bool usite_match(const struct probe *p, const char *mod, const char *func);

/* uattach.c */
/*
 * Group the sites of probes (pid or USDT) into attach points: one per
 * clause set, kind and (USDT) argument specifications, so that each
 * program reads its arguments one way and needs no guards.
 */
int uprobe_plan(const struct provider *prov, struct probe **probes,
		size_t n, struct dobj *obj, struct attach_vec *out);
/* attach prog_fd to every site of at (its struct usite_set), each
 * firing with its probe id as the BPF cookie; 0 or -errno */
int uprobe_attach(struct attach *at, int prog_fd);
/* uwide.c: does provider glob pat name provider prov in every process? */
bool uwide_glob(const char *pat, const char *prov);
/* uwide.c: site s was made by such a glob: mark it wide_first or covered */
void uwide_mark(struct probe_table *tab, struct usite *s);
/*
 * uwide.c: copies for every process (pid -1) of the wide_first sites of
 * v[0 .. n), into out (room for n); how many
 */
size_t uwide_sites(const struct usite *const *v, size_t n, struct arena *a,
		   const struct usite **out);
/* uwide.c: set (of wide sites, one file) skips the processes whose own
 * sites of that file are among v[0 .. n) */
void uwide_skips(struct usite_set *set, const struct usite *const *v,
		 size_t n, struct arena *a);
/* Linux 6.6's uprobe_multi links, which the build's headers may predate */
#define ATTACH_UPROBE_MULTI	48	/* BPF_TRACE_UPROBE_MULTI */
#define UPROBE_MULTI_RETURN	1	/* BPF_F_UPROBE_MULTI_RETURN */

/* bpf_attr.link_create for a uprobe_multi link */
struct multi_attr {
	uint32_t prog_fd;
	uint32_t target_fd;
	uint32_t attach_type;
	uint32_t flags;
	uint64_t path;
	uint64_t offsets;
	uint64_t ref_ctr_offsets;
	uint64_t cookies;
	uint32_t cnt;
	uint32_t mflags;
	uint32_t pid;
	uint32_t pad;
};

/*
 * umulti_pid.c: does a uprobe_multi link made for a process fire in
 * every thread of it (not only the thread the process id names)?
 * Asked of the kernel once.
 */
bool umulti_pid_filter(void);

/* uwide.c: a wide set's program exits (to exit_label) in skip[] */
void uwide_emit_skip(const struct usite_set *set, struct emit *e,
		     int exit_label);
/* R7 = the firing's probe id, from the BPF cookie; to exit_label when
 * the firing process is not the one the site was attached for */
void uprobe_emit_prid(const struct attach *at, struct emit *e,
		      int exit_label);

#endif
