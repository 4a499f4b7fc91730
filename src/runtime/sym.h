/*
 * Symbols for the consumer: kernel addresses from /proc/kallsyms
 * (ksym.c), user addresses of live processes through elfutils' libdwfl
 * (usym.c), and the struct fmt_syms that hands both to the formatters
 * (sym.c).  Everything is loaded lazily, on the first address that
 * needs it, and owned by one struct syms per session.
 */
#ifndef BD_SYM_H
#define BD_SYM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fmt.h"

/* ---- kernel symbols (ksym.c) ---- */

struct ksym {
	uint64_t addr;
	const char *name;
	const char *module;	/* "vmlinux" for the kernel proper */
};

struct ksyms {
	struct ksym *v;		/* sorted by address */
	size_t n;
	char *text;		/* the file's contents, names point into it */
	bool loaded;		/* tried (successfully or not) */
};

/* Read a kallsyms-format file (path NULL: /proc/kallsyms); 0 or -errno. */
int ksyms_load(struct ksyms *k, const char *path);
/* The function symbol containing addr, or NULL. */
const struct ksym *ksyms_lookup(const struct ksyms *k, uint64_t addr);
void ksyms_free(struct ksyms *k);

/* ---- user symbols (usym.c) ---- */

struct usyms;
struct usyms *usyms_new(void);
/*
 * addr in process pid: 0 with out->module (the object's file name
 * without its directory), and out->name and out->value when a symbol
 * covers it; -1 when the process or the address is unknown (a process
 * that exited before it was ever read).  The strings live until the
 * next call.
 */
int usyms_lookup(struct usyms *u, uint64_t pid, uint64_t addr,
		 struct fmt_symbol *out);
/*
 * Read (or read again) the modules of process pid now, while it is
 * alive, so that its addresses are named after it has exited (-p
 * targets); 0, or -1 when it cannot be read (the old symbols are kept).
 */
int usyms_load(struct usyms *u, uint64_t pid);
void usyms_free(struct usyms *u);

/* ---- both, for the formatters (sym.c) ---- */

struct syms {
	struct ksyms k;
	struct usyms *u;
	struct fmt_syms fs;
};

/* stackindent: stack() frames' indentation (DTrace's default 14) */
void syms_init(struct syms *s, int stackindent);
void syms_preload(struct syms *s, uint64_t pid);
const struct fmt_syms *syms_fmt(struct syms *s);
void syms_free(struct syms *s);

#endif
