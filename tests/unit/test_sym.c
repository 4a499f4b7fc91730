/*
 * Unit tests of the symbolizers and the symbol formatters: kallsyms
 * parsing and lookup (from a small file), user symbols of this very
 * process through libdwfl (a function of the test binary itself, and one
 * of the C library), and the text of stacks, sym(), %a %A %k with a fake
 * symbolizer, as DTrace prints them.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <unistd.h>

#include "../../src/runtime/fmt.h"
#include "../../src/runtime/sym.h"
#include "unit.h"

static const char kallsyms[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81000100 t helper\n"
	"ffffffff81000100 T helper_alias\n"
	"ffffffff81000200 D some_data\n"
	"0000000000012340 D some_percpu\n"
	"ffffffff81000300 T do_work\n"
	"ffffffffc0001000 t mod_func\t[ext4]\n"
	"ffffffffc0002000 T mod_other\t[xfs]\n";

static void test_ksyms(void)
{
	char path[] = "/tmp/bdtrace-ksyms.XXXXXX";
	int fd = mkstemp(path);
	struct ksyms k = { 0 };
	const struct ksym *s;

	CHECK(fd >= 0);
	CHECK(write(fd, kallsyms, sizeof(kallsyms) - 1) ==
	      (ssize_t)sizeof(kallsyms) - 1);
	close(fd);
	CHECK_INT(ksyms_load(&k, path), 0);
	unlink(path);
	CHECK_INT(k.n, 7);	/* the per-CPU offset is left out */
	s = ksyms_lookup(&k, 0xffffffff81000010);
	CHECK(s && strcmp(s->name, "_stext") == 0);
	CHECK(s && strcmp(s->module, "vmlinux") == 0);
	/* the first of two symbols at one address */
	s = ksyms_lookup(&k, 0xffffffff81000150);
	CHECK(s && strcmp(s->name, "helper") == 0);
	/* a variable (CONFIG_KALLSYMS_ALL) */
	s = ksyms_lookup(&k, 0xffffffff81000208);
	CHECK(s && strcmp(s->name, "some_data") == 0);
	s = ksyms_lookup(&k, 0xffffffffc0001004);
	CHECK(s && strcmp(s->name, "mod_func") == 0 &&
	      strcmp(s->module, "ext4") == 0);
	s = ksyms_lookup(&k, 0xffffffffc0002010);
	CHECK(s && strcmp(s->module, "xfs") == 0);
	CHECK(ksyms_lookup(&k, 0x1000) == NULL);
	CHECK(ksyms_lookup(&k, 0xffffffffc0100000) == NULL);
	ksyms_free(&k);
}

/* a function of this binary, found by its address */
int unit_sym_target(int x);
__attribute__((noinline)) int unit_sym_target(int x)
{
	return x * 3 + 1;
}

static void test_usyms_self(void)
{
	struct usyms *u = usyms_new();
	struct fmt_symbol s = { 0 };
	uint64_t addr = (uint64_t)(uintptr_t)&unit_sym_target;

	CHECK_INT(usyms_lookup(u, (uint64_t)getpid(), addr + 2, &s), 0);
	CHECK_STR(s.module, "test_sym");
	CHECK_STR(s.name, "unit_sym_target");
	CHECK(s.value == addr);
	/* a function of the C library, by its own name */
	CHECK_INT(usyms_lookup(u, (uint64_t)getpid(),
			       (uint64_t)(uintptr_t)&getpid, &s), 0);
	CHECK(s.module && strncmp(s.module, "libc.so", 7) == 0);
	CHECK(s.name != NULL);
	/* no such process: nothing known */
	CHECK_INT(usyms_lookup(u, 0, addr, &s), -1);
	CHECK_INT(usyms_lookup(u, 999999999, addr, &s), -1);
	usyms_free(u);
}

/* a fake symbolizer: kernel functions every 0x100 from 0x1000 */
static int fake_k(void *ctx, uint64_t addr, struct fmt_symbol *out)
{
	static const char *const names[] = { "alpha", "beta", "gamma" };

	if (addr < 0x1000 || addr >= 0x1400)
		return -1;
	if (addr >= 0x1300) {
		*out = (struct fmt_symbol){ .module = "ext4" };
		return 0;
	}
	*out = (struct fmt_symbol){ .module = "vmlinux",
				    .name = names[(addr - 0x1000) / 0x100],
				    .value = addr & ~0xffULL };
	return 0;
}

static int fake_u(void *ctx, uint64_t pid, uint64_t addr,
		  struct fmt_symbol *out)
{
	if (pid != 42 || addr < 0x400000 || addr >= 0x401000)
		return -1;
	*out = (struct fmt_symbol){ .module = "a.out", .name = "main",
				    .value = 0x400000 };
	return 0;
}

static const struct fmt_syms fake = { .kaddr = fake_k, .uaddr = fake_u,
				      .stackindent = 14 };

static void test_addr2str(void)
{
	struct strbuf sb = { 0 };

	fmt_addr2str(&sb, &fake, false, 0, 0x1010);
	CHECK_STR(sb_str(&sb), "vmlinux`alpha+0x10");
	sb_reset(&sb);
	fmt_addr2str(&sb, &fake, false, 0, 0x1100);
	CHECK_STR(sb_str(&sb), "vmlinux`beta");
	sb_reset(&sb);
	fmt_addr2str(&sb, &fake, false, 0, 0x1310);
	CHECK_STR(sb_str(&sb), "ext4`0x1310");
	sb_reset(&sb);
	fmt_addr2str(&sb, &fake, false, 0, 0x10);
	CHECK_STR(sb_str(&sb), "0x10");
	sb_reset(&sb);
	fmt_addr2str(&sb, NULL, false, 0, 0x1010);
	CHECK_STR(sb_str(&sb), "0x1010");
	sb_reset(&sb);
	fmt_addr2str(&sb, &fake, true, 42, 0x400123);
	CHECK_STR(sb_str(&sb), "a.out`main+0x123");
	sb_reset(&sb);
	fmt_addr2str(&sb, &fake, true, 43, 0x400123);
	CHECK_STR(sb_str(&sb), "0x400123");
	sb_free(&sb);
}

static void test_stacks(void)
{
	uint64_t k[4] = { 0x1010, 0x1200, 0x10, 0 };
	uint64_t u[4] = { 42, 0x400010, 0x7f0000000000, 0 };
	struct dval kv = { .kind = DV_STACK, .size = sizeof(k) };
	struct dval uv = { .kind = DV_USTACK, .size = sizeof(u) };
	struct strbuf sb = { 0 };

	CHECK_INT(fmt_symval(&sb, &kv, k, &fake), 0);
	CHECK_STR(sb_str(&sb), "\n"
		  "              vmlinux`alpha+0x10\n"
		  "              vmlinux`gamma\n"
		  "              0x10\n");
	sb_reset(&sb);
	CHECK_INT(fmt_symval(&sb, &uv, u, &fake), 0);
	CHECK_STR(sb_str(&sb), "\n"
		  "              a.out`main+0x10\n"
		  "              0x7f0000000000\n");
	sb_reset(&sb);
	/* trace() of a stack is the same text */
	fmt_trace_syms(&sb, &kv, k, true, &fake);
	CHECK(strncmp(sb_str(&sb), "\n              vmlinux`alpha", 28) == 0);
	sb_free(&sb);
}

static void test_sym_values(void)
{
	uint64_t a = 0x1010, ua[2] = { 42, 0x400123 };
	struct dval sym = { .kind = DV_SYM, .size = 8 };
	struct dval mod = { .kind = DV_MOD, .size = 8 };
	struct dval usym = { .kind = DV_USYM, .size = 16 };
	struct dval uaddr = { .kind = DV_UADDR, .size = 16 };
	struct dval umod = { .kind = DV_UMOD, .size = 16 };
	struct strbuf sb = { 0 };

	fmt_symval(&sb, &sym, &a, &fake);
	CHECK_STR(sb_str(&sb), "  vmlinux`alpha                                     ");
	sb_reset(&sb);
	fmt_symval(&sb, &mod, &a, &fake);
	CHECK_STR(sb_str(&sb), "  vmlinux                                           ");
	sb_reset(&sb);
	fmt_symval(&sb, &usym, ua, &fake);
	CHECK_STR(sb_str(&sb), "  a.out`main                                        ");
	sb_reset(&sb);
	fmt_symval(&sb, &uaddr, ua, &fake);
	CHECK_STR(sb_str(&sb), "  a.out`main+0x123                                  ");
	sb_reset(&sb);
	fmt_symval(&sb, &umod, ua, &fake);
	CHECK_STR(sb_str(&sb), "  a.out                                             ");
	sb_free(&sb);
}

static void test_printf_conversions(void)
{
	struct arena a = { 0 };
	struct fmt *f = NULL;
	char err[256];
	struct {
		uint64_t addr;
		uint64_t stack[3];
		uint64_t upair[2];
	} rec = { 0x1010, { 0x1100, 0x1010, 0 }, { 42, 0x400123 } };
	struct dval vals[] = {
		{ .kind = DV_INT, .size = 8, .offset = 0 },
		{ .kind = DV_UADDR, .size = 16, .offset = 32 },
		{ .kind = DV_STACK, .size = 24, .offset = 8 },
	};
	struct strbuf sb = { 0 };

	CHECK_INT(fmt_parse(&a, "[%a] [%A] %k|", &f, err, sizeof(err)), 0);
	CHECK_INT(fmt_printf_syms(&sb, f, vals, 3, &rec, &fake), 0);
	CHECK_STR(sb_str(&sb), "[vmlinux`alpha+0x10] [a.out`main+0x123] \n"
		  "vmlinux`beta\nvmlinux`alpha+0x10\n|");
	sb_reset(&sb);
	/* %-Nk indents by N; %Nk pads each frame */
	CHECK_INT(fmt_parse(&a, "%-4k%20k", &f, err, sizeof(err)), 0);
	vals[0] = vals[2];
	vals[1] = vals[2];
	CHECK_INT(fmt_printf_syms(&sb, f, vals, 2, &rec, &fake), 0);
	CHECK_STR(sb_str(&sb), "\n    vmlinux`beta\n    vmlinux`alpha+0x10\n"
		  "\n        vmlinux`beta\n  vmlinux`alpha+0x10\n");
	sb_free(&sb);
	arena_free(&a);
}

int main(void)
{
	RUN(test_ksyms);
	RUN(test_usyms_self);
	RUN(test_addr2str);
	RUN(test_stacks);
	RUN(test_sym_values);
	RUN(test_printf_conversions);
	return UNIT_DONE();
}
