/*
 * Unit tests for what the user-space providers read without a kernel:
 * SDT argument specifications, provider notes, the instruction
 * boundaries and the instructions uprobes refuse, and the process id of
 * a provider field.
 */
#include <stdlib.h>

#include "../../src/providers/uproc.h"
#include "../../src/providers/uprov.h"
#include "unit.h"

static void test_args(void)
{
	struct usdt_arg a[USDT_MAXARGS];

	CHECK_INT(usdt_parse_args("", a, USDT_MAXARGS), 0);
	CHECK_INT(usdt_parse_args("-4@%eax 8@%r12 -8@$-3", a, USDT_MAXARGS), 3);
	CHECK_INT(a[0].kind, UA_REG);
	CHECK_INT(a[0].reg, 80);	/* pt_regs' ax */
	CHECK_INT(a[0].size, 4);
	CHECK(a[0].is_signed);
	CHECK_INT(a[1].reg, 24);	/* r12 */
	CHECK(!a[1].is_signed);
	CHECK_INT(a[2].kind, UA_CONST);
	CHECK_INT(a[2].val, -3);
	CHECK_INT(usdt_parse_args("-4@112(%rsp) 8@-8(%rbp) 2@(%rdi)", a,
				  USDT_MAXARGS), 3);
	CHECK_INT(a[0].kind, UA_MEM);
	CHECK_INT(a[0].reg, 152);
	CHECK_INT(a[0].val, 112);
	CHECK_INT(a[1].val, -8);
	CHECK_INT(a[2].val, 0);
	CHECK_INT(a[2].size, 2);
	/* a variable addressed from %rip: resolved by symbol later */
	CHECK_INT(usdt_parse_args("-8@up_sink+8(%rip)", a, USDT_MAXARGS), 1);
	CHECK_INT(a[0].kind, UA_SYM);
	CHECK_INT(a[0].val, 8);
	CHECK(strncmp(a[0].sym, "up_sink", 7) == 0);
	CHECK_INT(a[0].symlen, 7);
	/* gcc's array element, and an absolute address (code without
	 * -fPIC); a displacement from %rip alone is unknown */
	CHECK_INT(usdt_parse_args("-4@16+tab(%rip) 4@tab.1-4 8@-8(%rbp) "
				  "8@8(%rip)", a, USDT_MAXARGS), 4);
	CHECK_INT(a[0].kind, UA_SYM);
	CHECK_INT(a[0].val, 16);
	CHECK_INT(a[0].symlen, 3);
	CHECK_INT(a[1].kind, UA_SYM);
	CHECK_INT(a[1].val, -4);
	CHECK_INT(a[1].symlen, 5);
	CHECK_INT(a[2].kind, UA_MEM);
	CHECK_INT(a[2].val, -8);
	CHECK_INT(a[3].kind, UA_NONE);
	/* an operand of another form reads as 0, the rest still counts */
	CHECK_INT(usdt_parse_args("8@%xmm0 4@%ecx", a, USDT_MAXARGS), 2);
	CHECK_INT(a[0].kind, UA_NONE);
	CHECK_INT(a[1].kind, UA_REG);
	/* not arguments at all */
	CHECK_INT(usdt_parse_args("4%eax", a, USDT_MAXARGS), -1);
	CHECK_INT(usdt_parse_args("3@%eax", a, USDT_MAXARGS), -1);
}

static void test_defs(void)
{
	struct arena ar = { 0 };
	struct udef_probe *p;
	int n = usdt_defs_parse("provider p\nprobe go\nnative int\n"
				"native char *\narg 1 char *\narg 0 int\n"
				"probe zero\n", &ar, &p);

	CHECK_INT(n, 2);
	CHECK_STR(p[0].prov, "p");
	CHECK_STR(p[0].name, "go");
	CHECK_INT(p[0].nnative, 2);
	CHECK_INT(p[0].nargs, 2);
	CHECK_INT(p[0].map[0], 1);
	CHECK_STR(p[0].types[0], "char *");
	CHECK_STR(p[0].types[1], "int");
	CHECK_INT(p[1].nargs, 0);
	arena_free(&ar);
}

static void test_insns(void)
{
	/* nop; movabs $imm64, %rax; ret */
	static const uint8_t code[] = { 0x90, 0x48, 0xb8, 1, 2, 3, 4, 5, 6, 7,
					8, 0xc3 };
	static const uint8_t lock[] = { 0xf0, 0x0f, 0xba, 0x6f, 0x08, 0x05 };
	static const uint8_t vex[] = { 0xc5, 0xf9, 0x6e, 0xc6 };
	uint32_t *offs;
	int n = uinsn_offsets(code, sizeof(code), 0x1000, &offs);

	CHECK_INT(n, 3);
	if (n == 3) {
		CHECK_INT(offs[0], 0);
		CHECK_INT(offs[1], 1);
		CHECK_INT(offs[2], 11);
	}
	free(offs);
	CHECK(uinsn_uprobe_ok(code, 1));
	CHECK(!uinsn_uprobe_ok(lock, sizeof(lock)));
	CHECK(!uinsn_uprobe_ok(vex, sizeof(vex)));
}

static void test_desc_pid(void)
{
	CHECK_INT(uproc_desc_pid("pid123"), 123);
	CHECK_INT(uproc_desc_pid("python4567"), 4567);
	CHECK_INT(uproc_desc_pid("p*d42"), 42);
	CHECK_INT(uproc_desc_pid("python*"), -1);
	CHECK_INT(uproc_desc_pid("syscall"), -1);
	CHECK(uproc_mod_match("libc.so.6", "libc.so.6", false, "libc"));
	CHECK(uproc_mod_match("libc.so.6", "libc.so.6", false, "libc.so"));
	CHECK(!uproc_mod_match("libc.so.6", "libc.so.6", false, "lib"));
	CHECK(uproc_mod_match("prog", "prog", true, "a.out"));
	CHECK(!uproc_mod_match("libm.so.6", "libm.so.6", false, "a.out"));
	CHECK(uproc_mod_match("libstdc++.so.6", "libstdc++.so.6.0.30", false,
			      "libstdc++.so.6.0.30"));
}

int main(void)
{
	RUN(test_args);
	RUN(test_defs);
	RUN(test_insns);
	RUN(test_desc_pid);
	return UNIT_DONE();
}
