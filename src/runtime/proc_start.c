/*
 * Bringing a -c command from its exec to the point where DTrace starts
 * tracing it, which -x evaltime names.  At the exec stop (exec) only the
 * program and the dynamic linker are mapped, so probes in libc could
 * not be found yet.  Its entry point (preinit) is reached once the
 * dynamic linker has mapped and relocated every library and run their
 * initializers; the program's own constructors run later, from
 * __libc_start_main(), which is given main() as its first argument: a
 * breakpoint there, then one on main() (postinit and main, DTrace's
 * default), as Oracle's DTrace finds it.  Each breakpoint is removed
 * before anything else is done.  A static program has no dynamic
 * linker: its entry point is its first instruction, and it is run to
 * main() only if its symbol table (unstripped) names
 * __libc_start_main(); a program whose __libc_start_main() cannot be
 * found is held where it was, as Oracle's DTrace holds it.
 */
#define _GNU_SOURCE
#include "proc.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#define RT_CONSISTENT	0
/* offsetof(struct r_debug, r_state) on x86-64 */
#define R_STATE_OFF	24

/* AT_BASE and AT_ENTRY of pid; 0 or -errno. */
static int read_auxv(pid_t pid, uint64_t *base, uint64_t *entry)
{
	char path[64];
	uint64_t av[2];
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	*base = *entry = 0;
	while (read(fd, av, sizeof(av)) == (ssize_t)sizeof(av) && av[0]) {
		if (av[0] == AT_BASE)
			*base = av[1];
		else if (av[0] == AT_ENTRY)
			*entry = av[1];
	}
	close(fd);
	return 0;
}

/* The file mapped at addr in pid (the dynamic linker at AT_BASE). */
static int mapped_file(pid_t pid, uint64_t addr, char *out, size_t len)
{
	char path[64], line[4096];
	FILE *f;
	int err = -ENOENT;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		unsigned long lo;
		char *slash = strchr(line, '/');

		if (sscanf(line, "%lx-", &lo) == 1 && lo == addr && slash) {
			slash[strcspn(slash, "\n")] = '\0';
			snprintf(out, len, "%s", slash);
			err = 0;
			break;
		}
	}
	fclose(f);
	return err;
}

/* The file offset of ELF address v, from the program headers; 0 if none. */
static uint64_t file_offset(Elf *elf, uint64_t v)
{
	size_t n = 0;

	elf_getphdrnum(elf, &n);
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    v >= ph.p_vaddr && v < ph.p_vaddr + ph.p_filesz)
			return v - ph.p_vaddr + ph.p_offset;
	}
	return 0;
}

/*
 * The values of two symbols the ELF file at path defines (n2 NULL: one),
 * from its dynamic or its full symbol table, and the file offset of the
 * first.
 */
static int elf_syms(const char *path, const char *n1, uint64_t *v1,
		    const char *n2, uint64_t *v2, uint64_t *off1)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = -ENOENT;
	Elf_Scn *scn = NULL;
	Elf *elf;

	if (fd < 0)
		return -errno;
	*v1 = *v2 = 0;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	while (elf && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) ||
		    (sh.sh_type != SHT_DYNSYM && sh.sh_type != SHT_SYMTAB) ||
		    !(d = elf_getdata(scn, NULL)) || !sh.sh_entsize)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *name;

			if (!gelf_getsym(d, (int)i, &s) ||
			    s.st_shndx == SHN_UNDEF ||
			    !(name = elf_strptr(elf, sh.sh_link, s.st_name)))
				continue;
			if (strcmp(name, n1) == 0)
				*v1 = s.st_value;
			else if (n2 && strcmp(name, n2) == 0)
				*v2 = s.st_value;
		}
	}
	if (*v1 && (*v2 || !n2)) {
		err = 0;
		*off1 = file_offset(elf, *v1);
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}

/* Wait for pid's next stop; its status, or -1 if it is gone. */
static int wait_stop(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFSTOPPED(st) ? st : -1;
}

/*
 * Run pid until it executes the instruction at bp; at that stop, bp is
 * its original instruction again and the program counter is bp.  Other
 * signals are passed on.  0, or -1 if it did not get there.
 */
static int run_to(pid_t pid, uint64_t bp)
{
	errno = 0;
	long word = ptrace(PTRACE_PEEKTEXT, pid, (void *)bp, NULL);
	struct user_regs_struct regs;
	int sig = 0;

	if (errno ||
	    ptrace(PTRACE_POKETEXT, pid, (void *)bp,
		   (void *)((word & ~0xffL) | 0xcc)) < 0)
		return -1;
	for (;;) {
		int st;

		if (ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig) < 0 ||
		    (st = wait_stop(pid)) < 0)
			return -1;
		sig = WSTOPSIG(st);
		if (sig != SIGTRAP)
			continue;
		sig = 0;
		if (ptrace(PTRACE_GETREGS, pid, NULL, &regs) < 0)
			return -1;
		if (regs.rip == bp + 1)
			break;
	}
	regs.rip = bp;
	if (ptrace(PTRACE_POKETEXT, pid, (void *)bp, (void *)word) < 0 ||
	    ptrace(PTRACE_SETREGS, pid, NULL, &regs) < 0)
		return -1;
	return 0;
}

int proc_rtld(pid_t pid, struct proc_rtld *r)
{
	uint64_t base = 0, entry = 0, brk = 0, rdebug = 0, off = 0;
	int err;

	memset(r, 0, sizeof(*r));
	if ((err = read_auxv(pid, &base, &entry)) < 0)
		return err;
	r->entry = entry;
	if (base == 0)
		return -ENOENT;		/* static: no dynamic linker */
	if ((err = mapped_file(pid, base, r->path, sizeof(r->path))) < 0 ||
	    (err = elf_syms(r->path, "_dl_debug_state", &brk, "_r_debug",
			    &rdebug, &off)) < 0)
		return err;
	r->brk_addr = base + brk;
	r->brk_off = off;
	r->state_addr = base + rdebug + R_STATE_OFF;
	return 0;
}

/*
 * The address in pid of a symbol of a library it maps (the
 * first mapped file that defines it); 0 if none does.  A library's
 * first mapping is of its file's offset 0, at its load address (its
 * first segment's address is 0).
 */
static uint64_t lib_symbol(pid_t pid, const char *name)
{
	char path[64], line[4096];
	uint64_t addr = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	if (!(f = fopen(path, "re")))
		return 0;
	while (!addr && fgets(line, sizeof(line), f)) {
		unsigned long lo, off;
		uint64_t v = 0, unused, foff;
		char *slash = strchr(line, '/');

		if (!slash || sscanf(line, "%lx-%*x %*s %lx", &lo, &off) != 2 ||
		    off != 0)
			continue;
		slash[strcspn(slash, "\n")] = '\0';
		if (elf_syms(slash, name, &v, NULL, &unused, &foff) == 0)
			addr = lo + v;
	}
	fclose(f);
	return addr;
}

/*
 * The address in static program pid of a symbol of its own (a static
 * PIE's moved by where its entry point is); 0 if it has none.
 */
static uint64_t exe_symbol(pid_t pid, const char *name, uint64_t entry)
{
	char path[64];
	uint64_t v = 0, unused, foff, e_entry = 0;
	int fd;
	Elf *elf;
	GElf_Ehdr eh;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	if (elf_syms(path, name, &v, NULL, &unused, &foff) < 0 ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	if ((elf = elf_begin(fd, ELF_C_READ, NULL)) && gelf_getehdr(elf, &eh))
		e_entry = eh.e_entry;
	if (elf)
		elf_end(elf);
	close(fd);
	return e_entry ? v + (entry - e_entry) : 0;
}

/* On to main(), found as __libc_start_main's (at start) first
 * argument.  0, or -1 where it could not (held where it was). */
static int run_to_main(pid_t pid, uint64_t start)
{
	struct user_regs_struct regs;

	if (!start || run_to(pid, start) < 0 ||
	    ptrace(PTRACE_GETREGS, pid, NULL, &regs) < 0 || !regs.rdi)
		return -1;
	return run_to(pid, regs.rdi);
}

enum proc_evaltime proc_evaltime(const char *name)
{
	static const char *const names[] = { "exec", "preinit", "postinit",
					     "main" };

	for (size_t i = 0; name && i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i]) == 0)
			return (enum proc_evaltime)i;
	return PE_POSTINIT;
}

int proc_run_to(pid_t pid, enum proc_evaltime at)
{
	uint64_t base = 0, entry = 0;

	if (at == PE_EXEC)
		return 0;
	if (read_auxv(pid, &base, &entry) < 0 || !entry)
		return -1;
	if (base == 0) {	/* static: its entry is its first instruction */
		if (at != PE_PREINIT)
			run_to_main(pid, exe_symbol(pid, "__libc_start_main",
						    entry));
		return 0;
	}
	if (run_to(pid, entry) < 0)
		return -1;
	if (at != PE_PREINIT)	/* or held at the entry */
		run_to_main(pid, lib_symbol(pid, "__libc_start_main"));
	return 0;
}
