/*
 * Formatting addresses with symbols: stack() and ustack() records,
 * sym() mod() usym() umod() uaddr() values, and printf's %a %A %k.  The
 * text is dtrace(1)'s (libdtrace dt_print_stack(), dt_print_ustack(),
 * dt_print_sym(), dtrace_addr2str() ...); the symbols come from the
 * runtime through struct fmt_syms, so everything here is still a pure
 * function of its inputs and is unit-tested with a fake symbolizer.
 */
#include "fmt.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define FMT_STACKINDENT	14	/* DTrace's default stackindent */

static uint64_t word(const void *data, uint32_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)data + off, sizeof(v));
	return v;
}

int fmt_sym_lookup(const struct fmt_syms *syms, bool user, uint64_t pid,
		   uint64_t addr, struct fmt_symbol *s)
{
	if (!syms)
		return -1;
	if (user)
		return syms->uaddr ? syms->uaddr(syms->ctx, pid, addr, s) : -1;
	return syms->kaddr ? syms->kaddr(syms->ctx, addr, s) : -1;
}

/*
 * A module or symbol name: a traced process names its own files and
 * symbols, so they are made safe unless raw text was asked for.
 */
static void put_name(struct strbuf *out, const struct fmt_syms *syms,
		     const char *name)
{
	enum fmt_text mode = fmt_text_mode(syms, NULL);

	fmt_text(out, name, strlen(name),
		 mode == FMT_TEXT_RAW ? mode : FMT_TEXT_SAFE);
}

/*
 * -x noresolve: a user address as its module and its offset from the
 * module's start ("libc.so.6:0x2a1b0", DTrace for Linux's form), with
 * no symbol looked up.  The offset is from the module's first mapping,
 * so that of a library or a PIE program is its ELF address, which
 * addr2line takes.
 */
static void put_unresolved(struct strbuf *out, const struct fmt_syms *syms,
			   uint64_t pid, uint64_t addr)
{
	struct fmt_symbol s = { 0 };

	if (fmt_sym_lookup(syms, true, pid, addr, &s) < 0 || !s.module) {
		sb_printf(out, "0x%llx", (unsigned long long)addr);
		return;
	}
	put_name(out, syms, s.module);
	sb_printf(out, ":0x%llx", (unsigned long long)(addr - s.base));
}

void fmt_addr2str(struct strbuf *out, const struct fmt_syms *syms,
		  bool user, uint64_t pid, uint64_t addr)
{
	struct fmt_symbol s = { 0 };

	if (user && syms && syms->noresolve) {
		put_unresolved(out, syms, pid, addr);
		return;
	}
	if (fmt_sym_lookup(syms, user, pid, addr, &s) < 0 || !s.module) {
		sb_printf(out, "0x%llx", (unsigned long long)addr);
		return;
	}
	put_name(out, syms, s.module);
	sb_addc(out, '`');
	if (!s.name) {
		sb_printf(out, "0x%llx", (unsigned long long)addr);
		return;
	}
	put_name(out, syms, s.name);
	if (addr > s.value)
		sb_printf(out, "+0x%llx", (unsigned long long)(addr - s.value));
}

bool fmt_is_symval(const struct dval *v)
{
	switch (v->kind) {
	case DV_STACK: case DV_USTACK: case DV_SYM: case DV_MOD:
	case DV_USYM: case DV_UMOD: case DV_UADDR:
		return true;
	default:
		return false;
	}
}

/* One string through a printf format of one %s conversion. */
static void put_fmt(struct strbuf *out, const char *format, const char *s)
{
	sb_printf(out, format, s);
}

int fmt_stack(struct strbuf *out, const struct dval *v, const void *data,
	      const struct fmt_syms *syms, const char *format, int indent)
{
	bool user = v->kind == DV_USTACK;
	uint32_t first = user ? 8 : 0;
	uint64_t pid = user ? word(data, v->offset) : 0;
	struct strbuf frame = { 0 };

	if ((v->kind != DV_STACK && !user) || v->size % 8 || v->size < first)
		return -EINVAL;
	sb_addc(out, '\n');
	for (uint32_t i = first; i < v->size; i += 8) {
		uint64_t pc = word(data, v->offset + i);

		if (pc == 0)
			break;
		sb_printf(out, "%*s", indent, "");
		sb_reset(&frame);
		fmt_addr2str(&frame, syms, user, pid, pc);
		if (fmt_text_mode(syms, NULL) == FMT_TEXT_SHELL) {
			/* in system(), each frame one shell word */
			struct strbuf q = { 0 };

			fmt_text(&q, sb_str(&frame), frame.len, FMT_TEXT_SHELL);
			put_fmt(out, format, sb_str(&q));
			sb_free(&q);
		} else {
			put_fmt(out, format, sb_str(&frame));
		}
		sb_addc(out, '\n');
	}
	sb_free(&frame);
	return 0;
}

/* sym(): the symbol without its offset; mod(): the module alone */
static void sym_name(struct strbuf *out, const struct fmt_syms *syms,
		     bool user, uint64_t pid, uint64_t addr, bool mod_only)
{
	struct fmt_symbol s = { 0 };

	if (fmt_sym_lookup(syms, user, pid, addr, &s) < 0 || !s.module) {
		sb_printf(out, "0x%llx", (unsigned long long)addr);
		return;
	}
	put_name(out, syms, s.module);
	if (mod_only)
		return;
	sb_addc(out, '`');
	if (s.name)
		put_name(out, syms, s.name);
	else
		sb_printf(out, "0x%llx", (unsigned long long)addr);
}

int fmt_symval_str(struct strbuf *s, const struct dval *v, const void *data,
		   const struct fmt_syms *syms)
{
	struct fmt_symbol sy;
	uint64_t pid, addr;

	switch (v->kind) {
	case DV_SYM:
	case DV_MOD:
		if (v->size != 8)
			return -EINVAL;
		sym_name(s, syms, false, 0, word(data, v->offset),
			 v->kind == DV_MOD);
		return 0;
	case DV_USYM:
	case DV_UMOD:
	case DV_UADDR:
		if (v->size != 16)
			return -EINVAL;
		pid = word(data, v->offset);
		addr = word(data, v->offset + 8);
		if (v->kind == DV_UMOD) {
			sym_name(s, syms, true, pid, addr, true);
			return 0;
		}
		/* usym(): the address of the symbol, then as uaddr */
		if (v->kind == DV_USYM && (!syms || !syms->noresolve) &&
		    fmt_sym_lookup(syms, true, pid, addr, &sy) == 0 && sy.name)
			addr = sy.value;
		fmt_addr2str(s, syms, true, pid, addr);
		return 0;
	default:
		return -EINVAL;
	}
}

int fmt_symval(struct strbuf *out, const struct dval *v, const void *data,
	       const struct fmt_syms *syms)
{
	int indent = syms ? syms->stackindent : FMT_STACKINDENT;
	struct strbuf s = { 0 };
	int err;

	if (v->kind == DV_STACK || v->kind == DV_USTACK)
		return fmt_stack(out, v, data, syms, "%s", indent);
	err = fmt_symval_str(&s, v, data, syms);
	if (err == 0)
		sb_printf(out, "  %-50s", sb_str(&s));
	sb_free(&s);
	return err;
}

void fmt_trace_syms(struct strbuf *out, const struct dval *v,
		    const void *data, bool quiet, const struct fmt_syms *syms)
{
	if (fmt_is_symval(v) && fmt_symval(out, v, data, syms) == 0)
		return;
	fmt_trace_text(out, v, data, quiet, fmt_text_mode(syms, v));
}
