/*
 * A process's ELF objects for the user-space providers.  libdwfl reads
 * /proc/PID/maps and opens each mapped file; its symbol tables give the
 * functions (the .symtab, else the .dynsym merged with the MiniDebugInfo
 * of .gnu_debugdata, or a separate debug file found by build id or
 * debug link), and the file itself gives the bytes that the instruction
 * decoder (uinsn.c) walks.  Addresses are kept as ELF addresses, so
 * that a probe site is its file and file offset (what a uprobe is) and
 * the process address is only the object's bias away.
 */
#define _GNU_SOURCE
#include "uproc.h"

#include <dirent.h>
#include <errno.h>
#include <gelf.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uprov.h"

static char *debuginfo_path;

static const Dwfl_Callbacks proc_callbacks = {
	.find_elf = dwfl_linux_proc_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

Dwfl *uproc_dwfl_report(int pid)
{
	Dwfl *d = dwfl_begin(&proc_callbacks);

	if (!d)
		return NULL;
	if (dwfl_linux_proc_report(d, (pid_t)pid) != 0 ||
	    dwfl_report_end(d, NULL, NULL) != 0) {
		dwfl_end(d);
		return NULL;
	}
	return d;
}

struct collect {
	struct uproc *up;
	struct arena *a;
	char exe[PATH_MAX];
	VEC(struct uobj) objs;
};

/*
 * A library's name as the dynamic linker knows it (its DT_SONAME,
 * "libstdc++.so.6" for the file libstdc++.so.6.0.30), which is what
 * DTrace's link-map names show; else its file name.
 */
static const char *soname(Elf *elf, struct arena *a, const char *file)
{
	Elf_Scn *scn = NULL;

	while (elf && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC ||
		    !(d = elf_getdata(scn, NULL)) || !sh.sh_entsize)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Dyn dyn;
			const char *n;

			if (gelf_getdyn(d, (int)i, &dyn) && dyn.d_tag == DT_SONAME &&
			    (n = elf_strptr(elf, sh.sh_link, dyn.d_un.d_val)) && *n)
				return arena_strdup(a, strrchr(n, '/') ?
						    strrchr(n, '/') + 1 : n);
		}
	}
	return file;
}

static int add_module(Dwfl_Module *m, void **ud, const char *name,
		      Dwarf_Addr start, void *arg)
{
	struct collect *c = arg;
	Dwarf_Addr lo, hi;
	GElf_Addr bias = 0;
	const char *slash;
	struct uobj o = { 0 };

	(void)ud;
	(void)start;
	if (!name || name[0] != '/')	/* [vdso], anonymous memory */
		return DWARF_CB_OK;
	dwfl_module_info(m, NULL, &lo, &hi, NULL, NULL, NULL, NULL);
	if (!dwfl_module_getelf(m, &bias))
		return DWARF_CB_OK;	/* not an ELF object */
	o.path = arena_strdup(c->a, name);
	slash = strrchr(o.path, '/');
	o.file = slash + 1;
	o.name = soname(dwfl_module_getelf(m, &bias), c->a, o.file);
	o.is_exe = strcmp(o.path, c->exe) == 0;
	o.start = lo;
	o.end = hi;
	o.bias = bias;
	o.mod = m;
	vec_push(&c->objs, o);
	return DWARF_CB_OK;
}

/* The objects c collected from up->dwfl, into up (in a); 0. */
static int collect_objs(struct uproc *up, struct collect *c, struct arena *a)
{
	dwfl_getmodules(up->dwfl, add_module, c, 0);
	up->objs = arena_memdup(a, c->objs.data ? (void *)c->objs.data :
				(void *)"", sizeof(*c->objs.data) * c->objs.len);
	up->nobjs = c->objs.len;
	vec_free(&c->objs);
	return 0;
}

/* Read process pid's objects into up; 0 or -errno. */
static int uproc_read(struct uproc *up, struct arena *a)
{
	struct collect c = { .up = up, .a = a };
	char link[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/%d/exe", up->pid);
	n = readlink(link, c.exe, sizeof(c.exe) - 1);
	if (n < 0)
		return errno == ENOENT ? -ESRCH : -errno;
	c.exe[n] = '\0';
	/* an executable replaced while running shows " (deleted)" */
	if (n > 10 && strcmp(c.exe + n - 10, " (deleted)") == 0)
		c.exe[n - 10] = '\0';
	up->dwfl = uproc_dwfl_report(up->pid);
	if (!up->dwfl)
		return kill(up->pid, 0) < 0 ? -errno : -EIO;
	return collect_objs(up, &c, a);
}

struct uproc *uproc_get(struct probe_table *tab, int pid)
{
	struct uproc *up;

	for (size_t i = 0; i < tab->uprocs.len; i++)
		if (tab->uprocs.data[i]->pid == pid &&
		    !tab->uprocs.data[i]->file &&
		    !tab->uprocs.data[i]->stale)
			return tab->uprocs.data[i];
	up = arena_alloc(tab->arena, sizeof(*up));
	up->pid = pid;
	up->err = uproc_read(up, tab->arena);
	vec_push(&tab->uprocs, up);
	return up;
}

static const Dwfl_Callbacks file_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &debuginfo_path,
};

/* A program (not position-independent, or with an interpreter)? */
static bool is_program(Elf *elf)
{
	GElf_Ehdr eh;
	size_t n;

	if (!elf || !gelf_getehdr(elf, &eh))
		return false;
	if (eh.e_type == ET_EXEC)
		return true;
	if (elf_getphdrnum(elf, &n) != 0)
		return false;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_INTERP)
			return true;
	}
	return false;
}

/* Read up->file as a process mapping it alone, at bias 0; 0 or -errno. */
static int file_read(struct uproc *up, struct arena *a)
{
	struct collect c = { .up = up, .a = a };
	Dwfl_Module *m;
	GElf_Addr bias;

	up->dwfl = dwfl_begin(&file_callbacks);
	if (!up->dwfl)
		return -ENOMEM;
	/* at base 0 with its own addresses: process address = ELF address */
	m = dwfl_report_elf(up->dwfl, up->file, up->file, -1, 0, true);
	if (!m || dwfl_report_end(up->dwfl, NULL, NULL) != 0)
		return -EIO;
	if (is_program(dwfl_module_getelf(m, &bias)))
		snprintf(c.exe, sizeof(c.exe), "%s", up->file);
	return collect_objs(up, &c, a);
}

struct uproc *uproc_file(struct probe_table *tab, const char *path)
{
	struct uproc *up;

	for (size_t i = 0; i < tab->uprocs.len; i++)
		if (tab->uprocs.data[i]->file &&
		    strcmp(tab->uprocs.data[i]->file, path) == 0)
			return tab->uprocs.data[i];
	up = arena_alloc(tab->arena, sizeof(*up));
	up->pid = -1;
	up->file = arena_strdup(tab->arena, path);
	up->err = file_read(up, tab->arena);
	vec_push(&tab->uprocs, up);
	return up;
}

bool uproc_maps_file(const struct probe_table *tab, const char *path)
{
	for (size_t i = 0; i < tab->uprocs.len; i++) {
		const struct uproc *up = tab->uprocs.data[i];

		for (size_t j = 0; !up->file && j < up->nobjs; j++)
			if (strcmp(up->objs[j].path, path) == 0)
				return true;
	}
	return false;
}

bool uproc_mod_match(const char *name, const char *file, bool is_exe,
		     const char *pat)
{
	size_t len;

	if (!pat || !*pat || probes_gmatch(name, pat) ||
	    (file && probes_gmatch(file, pat)))
		return true;
	if (is_exe && strcmp(pat, "a.out") == 0)
		return true;
	/* "libc" and "libc.so" for libc.so.6, as libproc's lookups */
	len = strlen(pat);
	return !probes_is_glob(pat) && strncmp(name, pat, len) == 0 &&
	       name[len] == '.';
}

static int bind_rank(int bind)
{
	return bind == STB_GLOBAL ? 0 : bind == STB_WEAK ? 1 : 2;
}

/*
 * Aliases of one address in the order libproc prefers names, the first
 * being the function's canonical name: global or weak before local (a
 * static "go" loses to its weak alias "_go"), then fewer leading
 * underscores (glibc's weak "strdup" before its global "__strdup"),
 * global before weak, shorter.
 */
int uproc_name_cmp(const char *a, int bind_a, const char *b, int bind_b)
{
	size_t ua = strspn(a, "_"), ub = strspn(b, "_");
	size_t la = strlen(a), lb = strlen(b);

	if ((bind_a == STB_LOCAL) != (bind_b == STB_LOCAL))
		return bind_a == STB_LOCAL ? 1 : -1;
	if (ua != ub)
		return ua < ub ? -1 : 1;
	if (bind_rank(bind_a) != bind_rank(bind_b))
		return bind_rank(bind_a) - bind_rank(bind_b);
	if (la != lb)
		return la < lb ? -1 : 1;
	return strcmp(a, b);
}

/* By address, then aliases as uproc_name_cmp orders them */
static int func_cmp(const void *a, const void *b)
{
	const struct ufunc *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return uproc_name_cmp(x->name, x->bind, y->name, y->bind);
}

/* Symbol i of o's table: its name (NULL if none or undefined), its
 * ELF symbol and its ELF address. */
static const char *symbol(const struct uobj *o, int i, GElf_Sym *sym,
			  uint64_t *addr)
{
	GElf_Addr a;
	GElf_Word shndx;
	const char *name = dwfl_module_getsym_info(o->mod, i, sym, &a, &shndx,
						   NULL, NULL);

	if (!name || !*name || shndx == SHN_UNDEF)
		return NULL;
	*addr = a - o->bias;
	return name;
}

int uproc_funcs(struct uobj *o)
{
	VEC(struct ufunc) v = { 0 };
	int n;

	if (o->funcs_read)
		return 0;
	o->funcs_read = true;
	n = dwfl_module_getsymtab(o->mod);
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		uint64_t addr;
		const char *name = symbol(o, i, &sym, &addr);

		if (!name || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
		    sym.st_size == 0)
			continue;
		struct ufunc f = { .name = name, .addr = addr,
				   .size = sym.st_size,
				   .bind = GELF_ST_BIND(sym.st_info) };

		vec_push(&v, f);
	}
	if (v.len)
		qsort(v.data, v.len, sizeof(*v.data), func_cmp);
	o->funcs = v.data;
	o->nfuncs = v.len;
	for (size_t i = 0; i < v.len; i++)
		if (!strmap_get(&o->byname, v.data[i].name))
			strmap_put(&o->byname, v.data[i].name, &v.data[i]);
	return 0;
}

const struct ufunc *uproc_func(const struct uobj *o, const char *name)
{
	return strmap_get(&o->byname, name);
}

const struct ufunc *uproc_func_at(const struct uobj *o, uint64_t addr)
{
	size_t lo = 0, hi = o->nfuncs;

	/* the last function starting at or before addr */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (o->funcs[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo > 0) {
		const struct ufunc *f = &o->funcs[--lo];

		if (addr < f->addr + f->size)
			return f;
		if (lo == 0 || o->funcs[lo - 1].addr != f->addr)
			break;	/* aliases of one address: any may be larger */
	}
	return NULL;
}

int uproc_sym_addr(struct uobj *o, const char *name, size_t len,
		   uint64_t *addr)
{
	int n = dwfl_module_getsymtab(o->mod);

	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		const char *s = symbol(o, i, &sym, addr);

		if (s && strncmp(s, name, len) == 0 && s[len] == '\0')
			return 0;
	}
	return -ENOENT;
}

int uproc_notes(struct uobj *o, struct arena *a)
{
	GElf_Addr bias;
	Elf *elf;

	if (!o->notes_read) {
		o->notes_read = true;
		elf = dwfl_module_getelf(o->mod, &bias);
		o->nnotes = elf ? (size_t)usdt_notes_read(elf, a, &o->notes) : 0;
		o->ndefs = elf && o->nnotes ?
			   (size_t)usdt_defs_read(elf, a, &o->defs) : 0;
	}
	return (int)o->nnotes;
}

long uproc_desc_pid(const char *prov)
{
	size_t len = strlen(prov), i = len;

	while (i > 0 && prov[i - 1] >= '0' && prov[i - 1] <= '9')
		i--;
	if (i == len || len - i > 9)
		return -1;
	return strtol(prov + i, NULL, 10);
}

/* The PT_LOAD segment holding ELF address addr, with file bytes there. */
static bool segment_of(Elf *elf, uint64_t addr, GElf_Phdr *out)
{
	size_t n;

	if (elf_getphdrnum(elf, &n) != 0)
		return false;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    addr >= ph.p_vaddr && addr < ph.p_vaddr + ph.p_filesz) {
			*out = ph;
			return true;
		}
	}
	return false;
}

int uproc_file_offset(struct uobj *o, uint64_t addr, uint64_t *off)
{
	GElf_Addr bias;
	Elf *elf = dwfl_module_getelf(o->mod, &bias);
	GElf_Phdr ph;

	if (!elf || !segment_of(elf, addr, &ph))
		return -ENOENT;
	*off = addr - ph.p_vaddr + ph.p_offset;
	return 0;
}

const uint8_t *uproc_bytes(struct uobj *o, uint64_t addr, uint64_t size)
{
	GElf_Addr bias;
	Elf *elf = dwfl_module_getelf(o->mod, &bias);
	const char *raw;
	size_t rawsize;
	uint64_t off;

	if (!elf || uproc_file_offset(o, addr, &off) < 0)
		return NULL;
	raw = elf_rawfile(elf, &rawsize);
	if (!raw || off > rawsize || size > rawsize - off)
		return NULL;
	return (const uint8_t *)raw + off;
}

int uproc_insns(struct uobj *o, const struct ufunc *f, uint32_t **offs)
{
	const uint8_t *code = uproc_bytes(o, f->addr, f->size);

	*offs = NULL;
	if (!code)
		return -ENOENT;
	return uinsn_offsets(code, f->size, f->addr, offs);
}

void uproc_forget(struct probe_table *tab, int pid)
{
	for (size_t i = 0; i < tab->uprocs.len; i++)
		if (tab->uprocs.data[i]->pid == pid)
			tab->uprocs.data[i]->stale = true;
}

void uproc_cache_free(struct probe_table *tab)
{
	for (size_t i = 0; i < tab->uprocs.len; i++) {
		struct uproc *up = tab->uprocs.data[i];

		for (size_t j = 0; j < up->nobjs; j++) {
			free(up->objs[j].funcs);
			strmap_free(&up->objs[j].byname);
		}
		if (up->dwfl)
			dwfl_end(up->dwfl);
	}
	vec_free(&tab->uprocs);
}

void uproc_each(void (*fn)(int pid, void *arg), void *arg)
{
	DIR *d = opendir("/proc");
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);

		if (*end || pid <= 0 || pid == getpid())
			continue;
		fn((int)pid, arg);
	}
	closedir(d);
}

bool uproc_any_xmap(int pid, bool (*fn)(const char *path, const char *key,
					void *arg), void *arg)
{
	char path[64], line[4096], key[64];
	bool found = false;
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	fp = fopen(path, "re");
	if (!fp)
		return false;
	while (!found && fgets(line, sizeof(line), fp)) {
		char perms[8], dev[16], *file = strchr(line, '/');
		unsigned long ino;

		if (!file || sscanf(line, "%*s %7s %*s %15s %lu", perms, dev,
				    &ino) != 3 || perms[2] != 'x')
			continue;
		file[strcspn(file, "\n")] = '\0';
		snprintf(key, sizeof(key), "%s:%lu", dev, ino);
		found = fn(file, key, arg);
	}
	fclose(fp);
	return found;
}
