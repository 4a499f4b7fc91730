/*
 * libdw is loaded the first time a Dwfl is begun, not when dtrace
 * starts: mapping and relocating it and the compression libraries it
 * needs (liblzma, libbz2) took 60% of the dynamic loader's time
 * (LD_DEBUG=statistics: 3.2 M cycles with it, 1.3 M without), about a
 * millisecond of every run, and only runs that read a process's symbols
 * or probes use it.  Every other dwfl_ call needs the Dwfl that dwfl_begin() made, so
 * the library is there when they are made; the stand-ins' types are
 * the library's own (dwfl_lazy.h).  If libdw cannot be loaded,
 * dwfl_begin() says why once and fails, as when the library cannot
 * read a process.
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>

#include "dwfl_lazy.h"

/* the function name of libdw (version 1, as the headers describe) */
static void *lib_fn(const char *name)
{
	static void *lib;
	static bool tried;

	if (!tried) {
		tried = true;
		lib = dlopen("libdw.so.1", RTLD_NOW | RTLD_LOCAL);
		if (!lib)
			fprintf(stderr, "dtrace: failed to load libdw: %s\n",
				dlerror());
	}
	return lib ? dlsym(lib, name) : NULL;
}

/* (names as strings: dwfl_lazy.h makes each dwfl_ name a macro) */
#define RESOLVE(fn, name) \
	do { if (!(fn)) *(void **)&(fn) = lib_fn(name); } while (0)

/* A stand-in: ret name params, calling the library's with args. */
#define STAND_IN(ret, name, params, args)			\
	ret lazy_##name params					\
	{							\
		static ret (*fn) params;			\
								\
		RESOLVE(fn, #name);				\
		return fn args;					\
	}

Dwfl *lazy_dwfl_begin(const Dwfl_Callbacks *cb)
{
	static Dwfl *(*fn)(const Dwfl_Callbacks *);

	RESOLVE(fn, "dwfl_begin");
	return fn ? fn(cb) : NULL;
}

void lazy_dwfl_end(Dwfl *d)
{
	static void (*fn)(Dwfl *);

	if (!d)
		return;
	RESOLVE(fn, "dwfl_end");
	fn(d);
}

STAND_IN(Dwfl_Module *, dwfl_addrmodule, (Dwfl *d, Dwarf_Addr a), (d, a))
STAND_IN(int, dwfl_build_id_find_elf,
	 (Dwfl_Module *m, void **u, const char *n, Dwarf_Addr b, char **f,
	  Elf **e), (m, u, n, b, f, e))
STAND_IN(ptrdiff_t, dwfl_getmodules,
	 (Dwfl *d, int (*cb)(Dwfl_Module *, void **, const char *,
			     Dwarf_Addr, void *), void *arg, ptrdiff_t off),
	 (d, cb, arg, off))
STAND_IN(int, dwfl_linux_proc_find_elf,
	 (Dwfl_Module *m, void **u, const char *n, Dwarf_Addr b, char **f,
	  Elf **e), (m, u, n, b, f, e))
STAND_IN(int, dwfl_linux_proc_report, (Dwfl *d, pid_t pid), (d, pid))
STAND_IN(const char *, dwfl_module_addrinfo,
	 (Dwfl_Module *m, GElf_Addr a, GElf_Off *off, GElf_Sym *s,
	  GElf_Word *shndx, Elf **e, Dwarf_Addr *bias),
	 (m, a, off, s, shndx, e, bias))
STAND_IN(Elf *, dwfl_module_getelf, (Dwfl_Module *m, GElf_Addr *bias),
	 (m, bias))
STAND_IN(const char *, dwfl_module_getsym_info,
	 (Dwfl_Module *m, int i, GElf_Sym *s, GElf_Addr *a, GElf_Word *shndx,
	  Elf **e, Dwarf_Addr *bias), (m, i, s, a, shndx, e, bias))
STAND_IN(int, dwfl_module_getsymtab, (Dwfl_Module *m), (m))
STAND_IN(const char *, dwfl_module_info,
	 (Dwfl_Module *m, void ***u, Dwarf_Addr *lo, Dwarf_Addr *hi,
	  Dwarf_Addr *dwbias, Dwarf_Addr *symbias, const char **mainfile,
	  const char **debugfile),
	 (m, u, lo, hi, dwbias, symbias, mainfile, debugfile))
STAND_IN(int, dwfl_offline_section_address,
	 (Dwfl_Module *m, void **u, const char *n, Dwarf_Addr b,
	  const char *sec, GElf_Word shndx, const GElf_Shdr *sh,
	  Dwarf_Addr *addr), (m, u, n, b, sec, shndx, sh, addr))
STAND_IN(Dwfl_Module *, dwfl_report_elf,
	 (Dwfl *d, const char *n, const char *f, int fd, GElf_Addr base,
	  bool add_p_vaddr), (d, n, f, fd, base, add_p_vaddr))
STAND_IN(int, dwfl_report_end,
	 (Dwfl *d, int (*removed)(Dwfl_Module *, void *, const char *,
				  Dwarf_Addr, void *), void *arg),
	 (d, removed, arg))
STAND_IN(int, dwfl_standard_find_debuginfo,
	 (Dwfl_Module *m, void **u, const char *n, Dwarf_Addr b,
	  const char *f, const char *dbg, GElf_Word crc, char **out),
	 (m, u, n, b, f, dbg, crc, out))
