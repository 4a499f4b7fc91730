/*
 * x86-64 instruction boundaries, for pid offset probes: an offset probe
 * must sit on an instruction's first byte, and a globbed probe name
 * ("pid$target:a.out:main:") covers every instruction.  Capstone decodes
 * the lengths (it knows the VEX and EVEX encodings that glibc's string
 * functions are full of); nothing else of the decoding is used.  The
 * library is opened when first needed: loading it (its relocated
 * tables) costs 3 MB of resident memory that only offset probes use.
 */
#include <capstone.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/arena.h"
#include "../lib/vec.h"
#include "uprov.h"

/*
 * Instructions Linux does not put a uprobe on (it returns ENOTSUPP):
 * those with a lock prefix or a segment override other than fs and gs
 * (notrack's 0x3e too), VEX and EVEX encodings (the AVX instructions of
 * glibc's string functions), breakpoints and software interrupts, hlt,
 * port I/O, far transfers, iret, cli and sti, ud2, sysenter.  A glob skips
 * them, so that one link can carry all the others; a miss costs only the
 * splitting of a link (uattach.c).
 */
bool uinsn_uprobe_ok(const uint8_t *code, size_t len)
{
	static const uint8_t bad1[] = {
		0xcc, 0xcd, 0xce, 0xf4, 0xe4, 0xe5, 0xe6, 0xe7, 0xec, 0xed,
		0xee, 0xef, 0x9a, 0xea, 0xca, 0xcb, 0xcf, 0xfa, 0xfb,
		0xc4, 0xc5, 0x62, 0x8f,	/* VEX, EVEX, XOP */
	};
	size_t i = 0;

	for (; i < len; i++) {
		uint8_t b = code[i];

		if (b == 0xf0 || b == 0x26 || b == 0x2e || b == 0x36 || b == 0x3e)
			return false;
		if (b != 0x64 && b != 0x65 && b != 0x66 && b != 0x67 &&
		    b != 0xf2 && b != 0xf3)
			break;
	}
	if (i < len && (code[i] & 0xf0) == 0x40)	/* REX */
		i++;
	if (i >= len)
		return false;
	if (code[i] == 0x0f)
		return !(i + 1 < len && (code[i + 1] == 0x0b || code[i + 1] == 0x34));
	if (code[i] == 0xff && i + 1 < len) {	/* far call and jmp: /3, /5 */
		int reg = (code[i + 1] >> 3) & 7;

		return reg != 3 && reg != 5;
	}
	return !memchr(bad1, code[i], sizeof(bad1));
}

#define UINSN_STR_(x) #x
#define UINSN_STR(x) UINSN_STR_(x)
/* the soname of the capstone built against (pkg/deb/build.sh names it too) */
#define UINSN_CS_LIB "libcapstone.so." UINSN_STR(CS_API_MAJOR)

/* The capstone functions used, once the library is opened. */
static struct {
	bool tried, ok;
	__typeof__(&cs_open) open;
	__typeof__(&cs_malloc) malloc;
	__typeof__(&cs_disasm_iter) disasm_iter;
	__typeof__(&cs_free) free;
	__typeof__(&cs_close) close;
} cs;

static bool cs_load(void)
{
	void *h;

	if (cs.tried)
		return cs.ok;
	cs.tried = true;
	h = dlopen(UINSN_CS_LIB, RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return false;
	*(void **)&cs.open = dlsym(h, "cs_open");
	*(void **)&cs.malloc = dlsym(h, "cs_malloc");
	*(void **)&cs.disasm_iter = dlsym(h, "cs_disasm_iter");
	*(void **)&cs.free = dlsym(h, "cs_free");
	*(void **)&cs.close = dlsym(h, "cs_close");
	cs.ok = cs.open && cs.malloc && cs.disasm_iter && cs.free && cs.close;
	return cs.ok;
}

int uinsn_offsets(const uint8_t *code, uint64_t size, uint64_t addr,
		  uint32_t **offs)
{
	VEC(uint32_t) v = { 0 };
	const uint8_t *p = code;
	size_t left = size;
	uint64_t pc = addr;
	csh h;
	cs_insn *insn;

	*offs = NULL;
	if (!cs_load() || cs.open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		return -ENOSYS;
	insn = cs.malloc(h);
	if (!insn) {
		cs.close(&h);
		return -ENOMEM;
	}
	while (left > 0) {
		uint32_t off = (uint32_t)(p - code);

		if (!cs.disasm_iter(h, &p, &left, &pc, insn))
			break;	/* not an instruction: what follows is unknown */
		vec_push(&v, off);
	}
	cs.free(insn, 1);
	cs.close(&h);
	*offs = v.data;
	return (int)v.len;
}
