/*
 * dtrace -G on one relocatable object: every call to
 * __dtrace_<provider>___<probe>() (DTrace's <sys/sdt.h> probe site)
 * becomes a 5-byte nop, and a jump to it (a tail call) a ret and nops,
 * as DTrace patches them; the call's relocation becomes R_X86_64_NONE.
 * Each site gets an SDT note in a new .note.stapsdt section, with
 * relocations for the site's address (a symbol of its section plus the
 * offset), the shared _.stapsdt.base and the probe's semaphore.  At the
 * site the arguments are where the call would have found them: the
 * first six in the argument registers, the rest on the stack from the
 * stack pointer up; DTrace's macros pass each as an unsigned long, so
 * each is 8 bytes, signed as the provider definition says.  Calls to
 * __dtraceenabled_* are left alone: the provider object defines them.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/strbuf.h"
#include "../lib/vec.h"
#include "link.h"

#define PROBE_PREFIX	"__dtrace_"

struct site {
	const struct provdef *pd;
	const struct provdef_probe *pp;
	size_t sym;		/* a symbol of the site's section */
	int64_t addend;		/* the site's offset from that symbol */
};

struct obj {
	const char *path;
	Elf *elf;
	Elf_Scn *symscn, *strscn;
	Elf_Data *symd;
	struct arena *a;
	size_t nsyms;
	size_t strsize;		/* the string table's size */
	/* symbols and strings to add, and their names (in an arena) */
	struct strbuf newsym, newstr;
	VEC(const char *) added;
	/* the new sections' buffers, freed after elf_end */
	VEC(void *) bufs;
	VEC(struct site) sites;
	FILE *err;
};

/* "__dtrace_test_prov___go": the provider and probe it names. */
static bool probe_of(const struct provdef *defs, const char *sym,
		     const struct provdef **pd, const struct provdef_probe **pp)
{
	const char *s, *sep;

	if (strncmp(sym, PROBE_PREFIX, strlen(PROBE_PREFIX)) != 0)
		return false;
	s = sym + strlen(PROBE_PREFIX);
	if (!(sep = strstr(s, "___")))
		return false;
	for (*pd = defs; *pd; *pd = (*pd)->next) {
		if (strlen((*pd)->name) != (size_t)(sep - s) ||
		    strncmp((*pd)->name, s, (size_t)(sep - s)) != 0)
			continue;
		for (int i = 0; i < (*pd)->nprobes; i++)
			if (strcmp((*pd)->probes[i].name, sep + 3) == 0) {
				*pp = &(*pd)->probes[i];
				return true;
			}
	}
	*pp = NULL;
	return true;	/* a probe call, of a probe not defined */
}

/* A symbol standing for section shndx (its section symbol, else one
 * defined in it); *value its value.  0 if none. */
static size_t section_symbol(struct obj *o, size_t shndx, uint64_t *value)
{
	size_t any = 0;

	for (size_t i = 1; i < o->nsyms; i++) {
		GElf_Sym s;

		if (!gelf_getsym(o->symd, (int)i, &s) || s.st_shndx != shndx)
			continue;
		if (GELF_ST_TYPE(s.st_info) == STT_SECTION) {
			*value = s.st_value;
			return i;
		}
		if (!any) {
			any = i;
			*value = s.st_value;
		}
	}
	return any;
}

/* Patch the call or jump whose rel32 is at off in data d; 0 or -1. */
static int patch_site(uint8_t *text, size_t size, uint64_t off)
{
	static const uint8_t nop5[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
	static const uint8_t ret_nop4[5] = { 0xc3, 0x0f, 0x1f, 0x40, 0x00 };

	if (off < 1 || off + 4 > size)
		return -1;
	if (text[off - 1] == 0xe8)
		memcpy(text + off - 1, nop5, 5);
	else if (text[off - 1] == 0xe9)
		memcpy(text + off - 1, ret_nop4, 5);
	else
		return -1;
	return 0;
}

/* The probe calls of one relocation section (of executable code). */
static int patch_rela(struct obj *o, const struct provdef *defs,
		      Elf_Scn *rscn, const GElf_Shdr *rsh)
{
	Elf_Scn *tscn = elf_getscn(o->elf, rsh->sh_info);
	Elf_Data *rd = elf_getdata(rscn, NULL), *td;
	GElf_Shdr tsh;

	if (!tscn || !gelf_getshdr(tscn, &tsh) ||
	    !(tsh.sh_flags & SHF_EXECINSTR) || !rd ||
	    !(td = elf_getdata(tscn, NULL)) || !td->d_buf)
		return 0;
	for (size_t i = 0; i < rsh->sh_size / rsh->sh_entsize; i++) {
		GElf_Rela r;
		GElf_Sym s;
		const char *name;
		const struct provdef *pd;
		const struct provdef_probe *pp;
		uint64_t value = 0;
		size_t sym;
		int type;

		if (!gelf_getrela(rd, (int)i, &r) ||
		    !gelf_getsym(o->symd, (int)GELF_R_SYM(r.r_info), &s) ||
		    !(name = elf_strptr(o->elf, elf_ndxscn(o->strscn), s.st_name)) ||
		    !probe_of(defs, name, &pd, &pp))
			continue;
		type = (int)GELF_R_TYPE(r.r_info);
		if (!pp) {
			fprintf(o->err, "dtrace: failed to link %s: %s is not a "
				"probe of the providers defined\n", o->path, name);
			return -1;
		}
		if ((type != R_X86_64_PLT32 && type != R_X86_64_PC32) ||
		    patch_site(td->d_buf, td->d_size, r.r_offset) < 0) {
			fprintf(o->err, "dtrace: failed to link %s: the probe "
				"site of %s at offset %#llx is not a call\n",
				o->path, name, (unsigned long long)r.r_offset);
			return -1;
		}
		r.r_info = GELF_R_INFO(0, R_X86_64_NONE);
		r.r_addend = 0;
		gelf_update_rela(rd, (int)i, &r);
		sym = section_symbol(o, rsh->sh_info, &value);
		if (!sym) {
			fprintf(o->err, "dtrace: failed to link %s: no symbol "
				"for the section of a probe site\n", o->path);
			return -1;
		}
		struct site st = { pd, pp, sym,
				   (int64_t)(r.r_offset - 1 - value) };

		vec_push(&o->sites, st);
	}
	elf_flagdata(td, ELF_C_SET, ELF_F_DIRTY);
	elf_flagdata(rd, ELF_C_SET, ELF_F_DIRTY);
	return 0;
}

/*
 * New bytes for a section are a new data block of it (libelf lays the
 * blocks out one after the other), never a change to the blocks libelf
 * read: its own buffers stay its own.
 */
static void add_block(struct obj *o, Elf_Scn *scn, struct strbuf *sb,
		      Elf_Type type, size_t align)
{
	Elf_Data *d;

	if (!sb->len)
		return;
	d = elf_newdata(scn);
	d->d_buf = sb->buf;
	d->d_size = sb->len;
	d->d_type = type;
	d->d_align = align;
	vec_push(&o->bufs, sb->buf);	/* freed after elf_end */
	*sb = (struct strbuf){ 0 };
}

/* The offset string s will have in section scn (size base) once the
 * block more is added to it. */
static size_t add_string(struct strbuf *more, size_t base, const char *s)
{
	size_t off = base + more->len;

	sb_addn(more, s, strlen(s) + 1);
	return off;
}

/* The index of global symbol name, added undefined if it is not there. */
static size_t global_symbol(struct obj *o, const char *name)
{
	GElf_Sym s;
	Elf64_Sym ns = { 0 };

	for (size_t i = 1; i < o->nsyms; i++) {
		const char *n;

		if (gelf_getsym(o->symd, (int)i, &s) &&
		    (n = elf_strptr(o->elf, elf_ndxscn(o->strscn), s.st_name)) &&
		    strcmp(n, name) == 0 && GELF_ST_BIND(s.st_info) != STB_LOCAL)
			return i;
	}
	for (size_t i = 0; i < o->added.len; i++)
		if (strcmp(o->added.data[i], name) == 0)
			return o->nsyms + i;
	ns.st_name = (Elf64_Word)add_string(&o->newstr, o->strsize, name);
	ns.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE);
	ns.st_shndx = SHN_UNDEF;
	sb_addn(&o->newsym, (const char *)&ns, sizeof(ns));
	vec_push(&o->added, name);
	return o->nsyms + o->added.len - 1;
}

/* The argument specifications of a probe site ("-8@%rdi 8@0(%rsp)"). */
static void site_args(struct strbuf *sb, const struct provdef_probe *pp)
{
	static const char *const regs[6] = { "rdi", "rsi", "rdx", "rcx",
					      "r8", "r9" };

	for (int i = 0; i < pp->nnative; i++) {
		sb_printf(sb, "%s%s8@", i ? " " : "",
			  pp->native[i].is_signed ? "-" : "");
		if (i < 6)
			sb_printf(sb, "%%%s", regs[i]);
		else
			sb_printf(sb, "%d(%%rsp)", 8 * (i - 6));
	}
}

static void add_reloc(struct strbuf *rela, uint64_t off, size_t sym,
		      int64_t addend)
{
	Elf64_Rela r = { .r_offset = off,
			 .r_info = ELF64_R_INFO(sym, R_X86_64_64),
			 .r_addend = addend };

	sb_addn(rela, (const char *)&r, sizeof(r));
}

static void align4(struct strbuf *sb)
{
	while (sb->len % 4)
		sb_addc(sb, '\0');
}

/* The notes and their relocations, as two new sections. */
static int add_notes(struct obj *o)
{
	struct strbuf note = { 0 }, rela = { 0 }, names = { 0 };
	size_t base = global_symbol(o, "_.stapsdt.base");
	size_t shstrndx;
	GElf_Shdr sh, ssh;
	Elf_Scn *nscn, *rscn, *sscn;

	for (size_t i = 0; i < o->sites.len; i++) {
		const struct site *st = &o->sites.data[i];
		struct strbuf desc = { 0 }, sn = { 0 };
		uint32_t hdr[3];
		uint64_t zero = 0;
		size_t semasym;

		sb_printf(&sn, "%s_%s_semaphore", st->pd->name, st->pp->name);
		semasym = global_symbol(o, arena_strdup(o->a, sb_str(&sn)));
		sb_free(&sn);
		sb_addn(&desc, (const char *)&zero, 8);	/* the site */
		sb_addn(&desc, (const char *)&zero, 8);	/* .stapsdt.base */
		sb_addn(&desc, (const char *)&zero, 8);	/* the semaphore */
		sb_addn(&desc, st->pd->name, strlen(st->pd->name) + 1);
		sb_addn(&desc, st->pp->name, strlen(st->pp->name) + 1);
		site_args(&desc, st->pp);
		sb_addc(&desc, '\0');
		hdr[0] = 8;
		hdr[1] = (uint32_t)desc.len;
		hdr[2] = 3;
		sb_addn(&note, (const char *)hdr, sizeof(hdr));
		sb_addn(&note, "stapsdt", 8);
		add_reloc(&rela, note.len, st->sym, st->addend);
		add_reloc(&rela, note.len + 8, base, 0);
		add_reloc(&rela, note.len + 16, semasym, 0);
		sb_addn(&note, desc.buf, desc.len);
		align4(&note);
		sb_free(&desc);
	}
	if (elf_getshdrstrndx(o->elf, &shstrndx) != 0 ||
	    !(sscn = elf_getscn(o->elf, shstrndx)) || !gelf_getshdr(sscn, &ssh))
		goto fail;
	nscn = elf_newscn(o->elf);
	rscn = elf_newscn(o->elf);
	if (!nscn || !rscn)
		goto fail;
	gelf_getshdr(nscn, &sh);
	sh.sh_name = (Elf64_Word)add_string(&names, ssh.sh_size, ".note.stapsdt");
	sh.sh_type = SHT_NOTE;
	sh.sh_addralign = 4;
	gelf_update_shdr(nscn, &sh);
	gelf_getshdr(rscn, &sh);
	sh.sh_name = (Elf64_Word)add_string(&names, ssh.sh_size,
					    ".rela.note.stapsdt");
	sh.sh_type = SHT_RELA;
	sh.sh_flags = SHF_INFO_LINK;
	sh.sh_addralign = 8;
	sh.sh_entsize = sizeof(Elf64_Rela);
	sh.sh_link = (Elf64_Word)elf_ndxscn(o->symscn);
	sh.sh_info = (Elf64_Word)elf_ndxscn(nscn);
	gelf_update_shdr(rscn, &sh);
	add_block(o, nscn, &note, ELF_T_BYTE, 4);
	add_block(o, rscn, &rela, ELF_T_RELA, 8);
	add_block(o, sscn, &names, ELF_T_BYTE, 1);
	add_block(o, o->strscn, &o->newstr, ELF_T_BYTE, 1);
	add_block(o, o->symscn, &o->newsym, ELF_T_SYM, 8);
	return 0;
fail:
	sb_free(&note);
	sb_free(&rela);
	sb_free(&names);
	return -1;
}

static int open_obj(struct obj *o, int fd)
{
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;

	o->elf = elf_begin(fd, ELF_C_RDWR, NULL);
	if (!o->elf || !gelf_getehdr(o->elf, &eh) || eh.e_type != ET_REL ||
	    eh.e_machine != EM_X86_64 || gelf_getclass(o->elf) != ELFCLASS64) {
		fprintf(o->err, "dtrace: failed to link %s: not an x86-64 "
			"relocatable object\n", o->path);
		return -1;
	}
	while ((scn = elf_nextscn(o->elf, scn))) {
		GElf_Shdr sh;

		GElf_Shdr ssh;

		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB) {
			o->symscn = scn;
			o->strscn = elf_getscn(o->elf, sh.sh_link);
			o->symd = elf_getdata(scn, NULL);
			o->nsyms = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
			if (o->strscn && gelf_getshdr(o->strscn, &ssh))
				o->strsize = ssh.sh_size;
		}
	}
	if (!o->symscn || !o->strscn || !o->symd) {
		fprintf(o->err, "dtrace: failed to link %s: no symbol table\n",
			o->path);
		return -1;
	}
	return 0;
}

int link_patch(struct arena *a, const struct provdef *defs, const char *path,
	       FILE *err)
{
	struct obj o = { .path = path, .err = err, .a = a };
	int fd = open(path, O_RDWR | O_CLOEXEC), rc = -1;
	Elf_Scn *scn = NULL;

	if (fd < 0) {
		fprintf(err, "dtrace: failed to open %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	elf_version(EV_CURRENT);
	if (open_obj(&o, fd) < 0)
		goto out;
	while ((scn = elf_nextscn(o.elf, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_RELA &&
		    sh.sh_entsize && patch_rela(&o, defs, scn, &sh) < 0)
			goto out;
	}
	rc = (int)o.sites.len;
	if (o.sites.len == 0)
		goto out;	/* nothing to write back */
	if (add_notes(&o) < 0 || elf_update(o.elf, ELF_C_WRITE) < 0) {
		fprintf(err, "dtrace: failed to link %s: %s\n", path,
			elf_errmsg(-1));
		rc = -1;
	}
out:
	if (o.elf)
		elf_end(o.elf);
	close(fd);
	for (size_t i = 0; i < o.bufs.len; i++)
		free(o.bufs.data[i]);
	vec_free(&o.bufs);
	vec_free(&o.sites);
	vec_free(&o.added);
	sb_free(&o.newsym);
	sb_free(&o.newstr);
	return rc;
}
