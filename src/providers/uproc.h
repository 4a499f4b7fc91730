/*
 * Processes as the pid and USDT providers see them: the ELF objects a
 * process maps (read through libdwfl, as the consumer's user symbols
 * are), named as DTrace names modules, with their functions, their SDT
 * notes and the instruction boundaries of a function.  A process is read
 * once per probe table and cached there.
 */
#ifndef BD_UPROC_H
#define BD_UPROC_H

#include "../lib/dwfl_lazy.h"
#include <stdbool.h>
#include <stdint.h>

#include "../lib/strmap.h"
#include "provider.h"

/* A function symbol of an object. */
struct ufunc {
	const char *name;
	uint64_t addr;		/* its ELF address (st_value) */
	uint64_t size;
	int bind;		/* STB_GLOBAL, STB_WEAK, STB_LOCAL */
};

struct usdt_note;
struct udef_probe;

/* One ELF object a process maps: the program or a shared library. */
struct uobj {
	const char *path;	/* as the process maps it */
	const char *name;	/* DTrace's module name: its DT_SONAME, else
				 * its file name */
	const char *file;	/* its file name */
	bool is_exe;		/* the program itself, also called "a.out" */
	uint64_t start, end;	/* its address range in the process */
	uint64_t bias;		/* process address - ELF address */
	Dwfl_Module *mod;
	/* functions, read on first use, sorted by address */
	struct ufunc *funcs;
	size_t nfuncs;
	bool funcs_read;
	struct strmap byname;	/* name -> struct ufunc * */
	/* SDT notes (usdt.c), read on first use */
	struct usdt_note *notes;
	size_t nnotes;
	bool notes_read;
	/* the probes of its provider notes (dtrace -h, -G) */
	struct udef_probe *defs;
	size_t ndefs;
};

struct uproc {
	int pid;
	Dwfl *dwfl;		/* NULL: the process could not be read */
	int err;		/* then why: -errno */
	struct uobj *objs;
	size_t nobjs;
	bool stale;		/* read again since (uproc_forget) */
	/* a file no process maps (uproc_file): its real path; pid is -1 */
	const char *file;
};

/*
 * The Dwfl of process pid with every mapped module reported (modules
 * found by /proc/PID/maps, ELF files opened from their paths, symbols
 * from .symtab, .dynsym, .gnu_debugdata and separate debug files), or
 * NULL.  Shared with the consumer's symbolizer (runtime/usym.c).
 */
Dwfl *uproc_dwfl_report(int pid);

/* Of two names of one address (bind: STB_*), < 0 if libproc prefers
 * a, > 0 if b: the name DTrace prints for that address. */
int uproc_name_cmp(const char *a, int bind_a, const char *b, int bind_b);

/* Process pid, read once and cached in tab; NULL only if out of memory. */
struct uproc *uproc_get(struct probe_table *tab, int pid);

/*
 * The file at path (a real path) as a process of its own, pid -1, whose
 * one object is the file at its ELF addresses (bias 0): the objects of
 * processes that will map it (ufile.c).  Read once and cached in tab.
 */
struct uproc *uproc_file(struct probe_table *tab, const char *path);

/* Does a process read for tab map the file at path (a real path)? */
bool uproc_maps_file(const struct probe_table *tab, const char *path);

/*
 * ufile.c: fn(path, arg) for each 64-bit x86-64 ELF file whose name
 * answers to module pattern pat in dtrace's PATH, LD_LIBRARY_PATH and
 * the dynamic linker's directories; path is its real path, each once.
 */
void ufile_each(const char *pat, void (*fn)(const char *path, void *arg),
		void *arg);

/*
 * Does the object called name (file: its file name, or NULL; the
 * program if is_exe) answer to module pattern pat?  As DTrace: a glob
 * on its name; "a.out" names the program; a name without its version
 * suffixes names the library ("libc" and "libc.so" are libc.so.6).
 */
bool uproc_mod_match(const char *name, const char *file, bool is_exe,
		     const char *pat);

/* Read o's function symbols (once); 0 or -errno. */
int uproc_funcs(struct uobj *o);
/* o's function called name, or NULL (uproc_funcs first). */
const struct ufunc *uproc_func(const struct uobj *o, const char *name);

/* o's function containing ELF address addr, or NULL. */
const struct ufunc *uproc_func_at(const struct uobj *o, uint64_t addr);

/* The ELF address of o's symbol name[0 .. len) (any type); 0 or -ENOENT. */
int uproc_sym_addr(struct uobj *o, const char *name, size_t len,
		   uint64_t *addr);

/* Read o's SDT notes (once, into a); their number. */
int uproc_notes(struct uobj *o, struct arena *a);

/*
 * The process id a provider field names: its trailing digits ("pid123",
 * "python123", "p*d123"); -1 if it has none.
 */
long uproc_desc_pid(const char *prov);

/* The file offset of ELF address addr in o's file; 0 or -ENOENT. */
int uproc_file_offset(struct uobj *o, uint64_t addr, uint64_t *off);

/* o's file bytes at ELF address addr, size bytes; NULL if not in it. */
const uint8_t *uproc_bytes(struct uobj *o, uint64_t addr, uint64_t size);

/*
 * The instruction boundaries of function f, as offsets from its start
 * (malloc'ed into *offs, ascending, starting with 0); how many, or
 * -errno.  Decoding stops at the first byte sequence that is not an
 * instruction: the offsets after it are unknown and not given.
 */
int uproc_insns(struct uobj *o, const struct ufunc *f, uint32_t **offs);

/* fn(pid, arg) for every process but dtrace itself. */
void uproc_each(void (*fn)(int pid, void *arg), void *arg);
/*
 * fn(path, key, arg) for each executable file mapping of process pid
 * (key: "dev:ino", the file's identity) until it returns true; whether
 * one did.
 */
bool uproc_any_xmap(int pid, bool (*fn)(const char *path, const char *key,
					void *arg), void *arg);

/* Every process read for tab; called by probes_free. */
void uproc_cache_free(struct probe_table *tab);

#endif
