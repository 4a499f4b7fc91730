/*
 * SystemTap SDT notes (<sys/sdt.h>, .note.stapsdt): the USDT probes an
 * object file carries.  Each note (owner "stapsdt", type 3) holds the
 * probe site's address, the address of .stapsdt.base when the note was
 * written (an object moved by prelink is corrected by the difference),
 * the semaphore's address (0: none), then the provider, the probe name
 * and the argument specifications, three strings.  An argument is
 * "[-]SIZE@OPERAND" in the assembler's syntax: "-4@%eax" (a register),
 * "8@16(%rbp)" (memory), "-4@$5" (a constant); a negative size is a
 * signed value.  Reading them is pure, so it is tested without a kernel
 * (tests/unit/test_usdt.c).
 */
#include <ctype.h>
#include <errno.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "uprov.h"

#define NT_STAPSDT	3

/* x86-64 registers and their offsets in struct pt_regs */
static const struct {
	const char *name[4];	/* 64, 32, 16 and 8-bit names */
	int16_t off;
} regs[] = {
	{ { "rax", "eax", "ax", "al" }, 80 },
	{ { "rbx", "ebx", "bx", "bl" }, 40 },
	{ { "rcx", "ecx", "cx", "cl" }, 88 },
	{ { "rdx", "edx", "dx", "dl" }, 96 },
	{ { "rsi", "esi", "si", "sil" }, 104 },
	{ { "rdi", "edi", "di", "dil" }, 112 },
	{ { "rbp", "ebp", "bp", "bpl" }, 32 },
	{ { "rsp", "esp", "sp", "spl" }, 152 },
	{ { "r8", "r8d", "r8w", "r8b" }, 72 },
	{ { "r9", "r9d", "r9w", "r9b" }, 64 },
	{ { "r10", "r10d", "r10w", "r10b" }, 56 },
	{ { "r11", "r11d", "r11w", "r11b" }, 48 },
	{ { "r12", "r12d", "r12w", "r12b" }, 24 },
	{ { "r13", "r13d", "r13w", "r13b" }, 16 },
	{ { "r14", "r14d", "r14w", "r14b" }, 8 },
	{ { "r15", "r15d", "r15w", "r15b" }, 0 },
	{ { "rip", "eip", "ip", NULL }, PT_REGS_IP },
};

/* "%reg" at *s: its pt_regs offset, *s moved past it; -1 if unknown */
static int parse_reg(const char **s)
{
	const char *p = *s;
	size_t len;

	if (*p != '%')
		return -1;
	p++;
	len = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789");
	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
		for (int w = 0; w < 4; w++)
			if (regs[i].name[w] && strlen(regs[i].name[w]) == len &&
			    strncmp(regs[i].name[w], p, len) == 0) {
				*s = p + len;
				return regs[i].off;
			}
	return -1;
}

/*
 * A variable: "sym", "sym+8", "sym-8" or "16+sym" (gcc's element of an
 * array), before "(%rip)" or alone (an absolute address, in code built
 * without -fPIC): a->sym, a->symlen and a->val
 */
static int parse_sym(const char **s, struct usdt_arg *a)
{
	const char *p = *s, *sym;
	int64_t off = 0;
	size_t len;
	char *end;

	if (isdigit((unsigned char)*p) || *p == '-') {
		off = strtoll(p, &end, 0);
		if (*end != '+')
			return -1;
		p = end + 1;
	}
	len = strcspn(p, "+-( \t");
	if (len == 0 || !(isalpha((unsigned char)*p) || *p == '_' || *p == '.'))
		return -1;
	sym = p;
	p += len;
	if (*p == '+' || *p == '-') {
		off += strtoll(p, &end, 0);
		if (end == p + 1)
			return -1;
		p = end;
	}
	if (strncmp(p, "(%rip)", 6) == 0)
		p += 6;
	else if (*p && !isspace((unsigned char)*p))
		return -1;
	a->kind = UA_SYM;
	a->sym = sym;
	a->symlen = (uint32_t)len;
	a->val = off;
	*s = p;
	return 0;
}

/*
 * One "[-]SIZE@OPERAND" at *s, *s moved past it; 0, or -1 if it is not
 * an argument at all.  An operand that cannot be read is UA_NONE.
 */
static int parse_arg(const char **s, struct usdt_arg *a)
{
	const char *p = *s, *op;
	char *end;
	long size = strtol(p, &end, 10);
	int r;

	if (end == p || *end != '@')
		return -1;
	a->is_signed = size < 0;
	a->size = (uint8_t)labs(size);
	if (a->size != 1 && a->size != 2 && a->size != 4 && a->size != 8)
		return -1;
	op = p = end + 1;
	a->sym = NULL;
	if (*p == '$') {			/* a constant */
		a->kind = UA_CONST;
		a->val = strtoll(p + 1, &end, 0);
		p = end == p + 1 ? op : end;
	} else if (*p == '%') {			/* a register */
		a->kind = UA_REG;
		if ((r = parse_reg(&p)) >= 0)
			a->reg = (int16_t)r;
	} else if (parse_sym(&p, a) < 0) {	/* OFF(%reg) */
		a->kind = UA_MEM;
		a->val = 0;
		if (*p != '(') {
			a->val = strtoll(p, &end, 0);
			p = end;
		}
		if (*p++ != '(' || (r = parse_reg(&p)) < 0 || *p++ != ')' ||
		    r == PT_REGS_IP)
			p = op;
		else
			a->reg = (int16_t)r;
	}
	if (p == op || (*p && !isspace((unsigned char)*p))) {
		/* an operand we do not know: skip it, read it as 0 */
		a->kind = UA_NONE;
		p = op + strcspn(op, " \t");
	}
	*s = p;
	return 0;
}

int usdt_parse_args(const char *spec, struct usdt_arg *out, int max)
{
	int n = 0;

	while (*spec) {
		while (isspace((unsigned char)*spec))
			spec++;
		if (!*spec)
			break;
		if (n == max || parse_arg(&spec, &out[n]) < 0)
			return -1;
		n++;
	}
	return n;
}

/* The ELF address of section name, 0 if none. */
static uint64_t section_addr(Elf *elf, const char *name, Elf_Scn **found)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	*found = NULL;
	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;

		if (gelf_getshdr(scn, &sh) &&
		    (n = elf_strptr(elf, shstrndx, sh.sh_name)) &&
		    strcmp(n, name) == 0) {
			*found = scn;
			return sh.sh_addr;
		}
	}
	return 0;
}

static void add_note(struct arena *a, const char *desc, size_t len,
		     uint64_t base, bool have_base, struct usdt_note *n)
{
	uint64_t v[3];
	const char *s = desc + sizeof(v), *end = desc + len;

	memcpy(v, desc, sizeof(v));
	n->pc = v[0];
	n->sema = v[2];
	if (have_base) {	/* prelinked: move with .stapsdt.base */
		n->pc += base - v[1];
		if (n->sema)
			n->sema += base - v[1];
	}
	n->prov = arena_strndup(a, s, (size_t)(end - s));
	s += strnlen(s, (size_t)(end - s)) + 1;
	n->name = s < end ? arena_strndup(a, s, (size_t)(end - s)) : "";
	s += s < end ? strnlen(s, (size_t)(end - s)) + 1 : 0;
	n->argstr = s < end ? arena_strndup(a, s, (size_t)(end - s)) : "";
	n->nargs = usdt_parse_args(n->argstr, n->args, USDT_MAXARGS);
}

int usdt_defs_parse(const char *text, struct arena *a,
		    struct udef_probe **out)
{
	VEC(struct udef_probe) v = { 0 };
	const char *prov = NULL;

	while (*text) {
		size_t len = strcspn(text, "\n");
		char *line = arena_strndup(a, text, len);
		struct udef_probe *p = v.len ? &v.data[v.len - 1] : NULL;
		char *end;
		long n;

		text += len + (text[len] == '\n');
		if (strncmp(line, "provider ", 9) == 0) {
			prov = line + 9;
		} else if (strncmp(line, "probe ", 6) == 0 && prov) {
			struct udef_probe np = { .prov = prov, .name = line + 6 };

			vec_push(&v, np);
		} else if (strncmp(line, "native ", 7) == 0 && p) {
			p->nnative++;
		} else if (strncmp(line, "arg ", 4) == 0 && p &&
			   p->nargs < USDT_MAXARGS) {
			n = strtol(line + 4, &end, 10);
			if (end == line + 4 || *end != ' ' || n < 0 ||
			    n >= USDT_MAXARGS)
				continue;
			p->map[p->nargs] = (int)n;
			p->types[p->nargs++] = end + 1;
		}
	}
	*out = arena_memdup(a, v.data ? (void *)v.data : (void *)"",
			    sizeof(*v.data) * v.len);
	int count = (int)v.len;

	vec_free(&v);
	return count;
}

int usdt_defs_read(Elf *elf, struct arena *a, struct udef_probe **out)
{
	VEC(struct udef_probe) all = { 0 };
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	*out = NULL;
	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	/* a relocatable link may leave several such sections */
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *sname;
		Elf_Data *d;
		size_t off = 0, noff, doff;
		GElf_Nhdr nh;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE ||
		    !(sname = elf_strptr(elf, shstrndx, sh.sh_name)) ||
		    strcmp(sname, ".note.dtrace.provider") != 0 ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		while ((off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
			const char *buf = d->d_buf;
			struct udef_probe *p;
			int n;

			if (nh.n_type != 1 || nh.n_namesz != 7 ||
			    memcmp(buf + noff, "dtrace", 7) != 0)
				continue;
			n = usdt_defs_parse(arena_strndup(a, buf + doff,
							  nh.n_descsz), a, &p);
			for (int i = 0; i < n; i++)
				vec_push(&all, p[i]);
		}
	}
	*out = arena_memdup(a, all.data ? (void *)all.data : (void *)"",
			    sizeof(*all.data) * all.len);
	int count = (int)all.len;

	vec_free(&all);
	return count;
}

int usdt_notes_read(Elf *elf, struct arena *a, struct usdt_note **out)
{
	VEC(struct usdt_note) v = { 0 };
	Elf_Scn *scn, *bscn;
	uint64_t base = section_addr(elf, ".stapsdt.base", &bscn);
	Elf_Data *d;
	size_t off = 0, noff, doff;
	GElf_Nhdr nh;

	*out = NULL;
	section_addr(elf, ".note.stapsdt", &scn);
	if (!scn || !(d = elf_getdata(scn, NULL)))
		return 0;
	while ((off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
		const char *buf = d->d_buf;
		struct usdt_note n = { 0 };

		if (nh.n_type != NT_STAPSDT || nh.n_namesz != 8 ||
		    memcmp(buf + noff, "stapsdt", 8) != 0 ||
		    nh.n_descsz < 3 * 8 + 3)
			continue;
		add_note(a, buf + doff, nh.n_descsz, base, bscn != NULL, &n);
		vec_push(&v, n);
	}
	*out = arena_memdup(a, v.data ? (void *)v.data : (void *)"",
			    sizeof(*v.data) * v.len);
	int count = (int)v.len;

	vec_free(&v);
	return count;
}
