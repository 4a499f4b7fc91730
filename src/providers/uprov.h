/*
 * What the user-space providers (pid.c, usdt.c) share with each other:
 * a probe's site in a file (what a uprobe is), the instruction decoder,
 * and the attachment of programs to uprobes (uattach.c).  Other modules
 * use provider.h only.
 */
#ifndef BD_UPROV_H
#define BD_UPROV_H

#include <stdbool.h>
#include <stdint.h>

#include "prov.h"

enum usite_kind {
	US_ENTRY,	/* a function's first instruction */
	US_RETURN,	/* a function's return (a uretprobe) */
	US_OFFSET,	/* any instruction */
	US_USDT,	/* an SDT note's probe site */
};

/* Where a user probe fires: probe->priv of pid and USDT probes. */
struct usite {
	int pid;		/* the process (uprobes filter on it) */
	const char *path;	/* the object file */
	uint64_t off;		/* the instruction's offset in that file */
	uint64_t addr;		/* its address in the process */
	uint64_t ref_ctr_off;	/* the semaphore's file offset; 0: none */
	enum usite_kind kind;
	bool in_exe;		/* in the program (module "a.out") */
	bool optional;		/* made by a glob: skipped if the kernel
				 * refuses the instruction */
	const struct usdt_arg *args;	/* US_USDT: how to read each argument */
	int nargs;
};

/* uinsn.c: the offsets of the instructions in code[0 .. size) (see
 * uproc_insns); count or -errno */
int uinsn_offsets(const uint8_t *code, uint64_t size, uint64_t addr,
		  uint32_t **offs);

/* pid.c: the probe's module answers to pat (uproc_mod_match) */
bool usite_match_mod(const struct probe *p, const char *pat);

/* uattach.c */
/* attach prog_fd to every probe of at (struct usite in probe->priv),
 * each firing with its probe id as the BPF cookie; 0 or -errno */
int uprobe_attach(struct attach *at, int prog_fd);
/* R7 = the firing's probe id, from the BPF cookie */
void uprobe_emit_prid(const struct attach *at, struct emit *e,
		      int exit_label);

#endif
