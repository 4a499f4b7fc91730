/*
 * x86-64 instruction boundaries, for pid offset probes: an offset probe
 * must sit on an instruction's first byte, and a globbed probe name
 * ("pid$target:a.out:main:") covers every instruction.  Capstone decodes
 * the lengths (it knows the VEX and EVEX encodings that glibc's string
 * functions are full of); nothing else of the decoding is used.
 */
#include <capstone.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/arena.h"
#include "../lib/vec.h"
#include "uprov.h"

bool uinsn_kernel_adds_caller(const char *release, const uint8_t *code,
			      size_t len)
{
	static const uint8_t endbr64[4] = { 0xf3, 0x0f, 0x1e, 0xfa };
	int major = 0, minor = 0;

	if (sscanf(release, "%d.%d", &major, &minor) != 2 ||
	    major * 1000 + minor < 6010 || !code || len == 0)
		return false;
	return code[0] == 0x55 ||
	       (len >= 4 && memcmp(code, endbr64, 4) == 0);
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
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		return -ENOSYS;
	insn = cs_malloc(h);
	if (!insn) {
		cs_close(&h);
		return -ENOMEM;
	}
	while (left > 0) {
		uint32_t off = (uint32_t)(p - code);

		if (!cs_disasm_iter(h, &p, &left, &pc, insn))
			break;	/* not an instruction: what follows is unknown */
		vec_push(&v, off);
	}
	cs_free(insn, 1);
	cs_close(&h);
	*offs = v.data;
	return (int)v.len;
}
