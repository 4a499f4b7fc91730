/*
 * User symbols of live processes, through elfutils' libdwfl: the
 * process's mappings from /proc/PID/maps, each object's symbol table
 * (.symtab, else .dynsym; the MiniDebugInfo in .gnu_debugdata and
 * separate debug files are found by libdwfl where present).  One Dwfl
 * per process is cached; a miss reports the process again (it may have
 * loaded a library or exec'd since), but a process that can no longer be
 * read (it has exited) keeps the Dwfl it had, so its addresses are named
 * after it is gone.  A process never read while alive prints raw
 * addresses, as DTrace does.  A -c command is held at its exit
 * (proc.c), so its modules are read then, as libproc keeps its handle.
 */
#include "sym.h"

#include "../providers/uproc.h"

#include "../lib/dwfl_lazy.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define USYM_NPROC	32

struct usym_proc {
	uint64_t pid;
	Dwfl *dwfl;		/* NULL: the process could not be read */
	uint64_t used;		/* for eviction */
	bool valid;
	bool refreshed;		/* reported again after a miss already */
};

struct usyms {
	struct usym_proc procs[USYM_NPROC];
	uint64_t clock;
	char modname[256];
};

struct usyms *usyms_new(void)
{
	return calloc(1, sizeof(struct usyms));
}

static Dwfl *report(uint64_t pid)
{
	return uproc_dwfl_report((int)pid);
}

static struct usym_proc *proc_get(struct usyms *u, uint64_t pid, bool fresh)
{
	struct usym_proc *p = NULL, *old = &u->procs[0];

	for (int i = 0; i < USYM_NPROC; i++) {
		if (u->procs[i].valid && u->procs[i].pid == pid) {
			p = &u->procs[i];
			break;
		}
		if (!u->procs[i].valid || u->procs[i].used < old->used)
			old = &u->procs[i];
	}
	if (p && !fresh) {
		p->used = ++u->clock;
		return p;
	}
	if (p) {
		/* gone (or unreadable) since: keep what it had */
		Dwfl *d = report(pid);

		if (d) {
			if (p->dwfl)
				dwfl_end(p->dwfl);
			p->dwfl = d;
		}
		p->used = ++u->clock;
		return p;
	}
	p = old;
	if (p->valid && p->dwfl)
		dwfl_end(p->dwfl);
	*p = (struct usym_proc){ .pid = pid, .dwfl = report(pid), .valid = true,
			     .used = ++u->clock };
	return p;
}

/*
 * Of the names of the symbol at start, libproc's choice (uproc.c): libdwfl
 * returns a global over a weak one, glibc's "__strdup" where DTrace
 * prints its weak alias "strdup".  Only a name with a leading underscore
 * can have a preferred alias libdwfl passed over, so only those look.
 */
static const char *preferred(Dwfl_Module *m, const char *name,
			     const GElf_Sym *sym, uint64_t start)
{
	int n = *name == '_' ? dwfl_module_getsymtab(m) : 0;
	int bind = GELF_ST_BIND(sym->st_info);

	for (int i = 1; i < n; i++) {
		GElf_Sym s;
		GElf_Addr a;
		GElf_Word shndx;
		const char *alias = dwfl_module_getsym_info(m, i, &s, &a, &shndx,
							    NULL, NULL);

		if (!alias || !*alias || shndx == SHN_UNDEF || a != start ||
		    GELF_ST_TYPE(s.st_info) != GELF_ST_TYPE(sym->st_info))
			continue;
		if (uproc_name_cmp(alias, GELF_ST_BIND(s.st_info), name,
				   bind) < 0) {
			name = alias;
			bind = GELF_ST_BIND(s.st_info);
		}
	}
	return name;
}

static int lookup(struct usyms *u, Dwfl *d, uint64_t addr,
		  struct fmt_symbol *out)
{
	Dwfl_Module *m = d ? dwfl_addrmodule(d, addr) : NULL;
	const char *path = NULL, *mname, *name, *slash;
	Dwarf_Addr lo = 0, hi = 0;
	GElf_Off off = 0;
	GElf_Sym sym;

	if (!m)
		return -1;
	mname = dwfl_module_info(m, NULL, &lo, &hi, NULL, NULL, &path, NULL);
	/* the last module can claim addresses far past its end (a
	 * frame-pointer walk's garbage): those are no module's */
	if (addr < lo || addr >= hi)
		return -1;
	if (!path)
		path = mname;
	if (!path)
		return -1;
	slash = strrchr(path, '/');
	snprintf(u->modname, sizeof(u->modname), "%s", slash ? slash + 1 : path);
	*out = (struct fmt_symbol){ .module = u->modname, .base = lo };
	name = dwfl_module_addrinfo(m, addr, &off, &sym, NULL, NULL, NULL);
	if (name && *name) {
		out->name = preferred(m, name, &sym, addr - off);
		out->value = addr - off;
	}
	return 0;
}

int usyms_lookup(struct usyms *u, uint64_t pid, uint64_t addr,
		 struct fmt_symbol *out)
{
	struct usym_proc *p;

	if (!u || pid == 0)
		return -1;
	p = proc_get(u, pid, false);
	if (lookup(u, p->dwfl, addr, out) == 0)
		return 0;
	if (p->refreshed)
		return -1;
	/* a library loaded since, or a new program image: look once more */
	p = proc_get(u, pid, true);
	p->refreshed = true;
	return lookup(u, p->dwfl, addr, out);
}

int usyms_load(struct usyms *u, uint64_t pid)
{
	struct usym_proc *p;

	if (!u || pid == 0)
		return -1;
	p = proc_get(u, pid, true);
	p->refreshed = false;
	return p->dwfl ? 0 : -1;
}

void usyms_free(struct usyms *u)
{
	if (!u)
		return;
	for (int i = 0; i < USYM_NPROC; i++)
		if (u->procs[i].valid && u->procs[i].dwfl)
			dwfl_end(u->procs[i].dwfl);
	free(u);
}
