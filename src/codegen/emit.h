/*
 * The instruction emitter: a growable buffer of BPF instructions with
 * symbolic labels for forward and backward jumps.  Errors are sticky (as
 * in libbpf's gen_loader): once an emit fails, every later call is a
 * no-op and the caller checks emit_error() once at the end.
 *
 *	struct emit e = {0};
 *	int out = emit_label_new(&e);
 *	emit(&e, I_MOV64_IMM(R0, 0));
 *	emit_jmp_imm(&e, BPF_JEQ, R1, 0, out);
 *	...
 *	emit_label_place(&e, out);
 *	emit(&e, I_EXIT());
 *	if (emit_finish(&e) < 0) ... emit_errmsg(&e) ...
 *	use e.insns[0 .. e.len)
 *	emit_free(&e);
 */
#ifndef BD_EMIT_H
#define BD_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "insn.h"

/* the verifier's limit for privileged programs */
#define EMIT_MAX_INSNS	1000000

struct emit_fixup {
	uint32_t at;	/* index of the jump instruction */
	int label;
	bool imm;	/* a subprogram's address (ld_imm64 BPF_PSEUDO_FUNC):
			 * the offset goes in imm, not off */
};

/* where a run of code emitted for one subprogram starts (emit_sub_begin) */
struct emit_seg {
	uint32_t start;
	uint16_t sub;	/* 0: the main program */
};

struct emit {
	struct bpf_insn *insns;
	size_t len, cap;
	uint32_t *labels;	/* label -> insn index, or UINT32_MAX if unplaced */
	size_t nlabels, labels_cap;
	struct emit_fixup *fixups;
	size_t nfixups, fixups_cap;
	int err;		/* sticky: 0 or -errno */
	char errmsg[128];
	/* subprograms (emit_sub_begin): runs of code moved after the main
	 * program by emit_finish(), and where each instruction went */
	struct emit_seg *segs;
	size_t nsegs, segs_cap;
	uint16_t nsubs, depth, stack[16];
	uint32_t *remap;	/* old index -> new, after the move */
	size_t remap_len;
};

void emit(struct emit *e, struct bpf_insn insn);
/* 64-bit constant into dst (two slots) */
void emit_ld_imm64(struct emit *e, int dst, uint64_t value);
/* dst = map (imm holds the map's index in the compiled program) */
void emit_ld_map(struct emit *e, int dst, int map_index);
/* dst = &element0[off] of an array map (BPF_PSEUDO_MAP_VALUE) */
void emit_ld_map_value(struct emit *e, int dst, int map_index, uint32_t off);

int emit_label_new(struct emit *e);
void emit_label_place(struct emit *e, int label);
void emit_ja(struct emit *e, int label);
void emit_jmp_imm(struct emit *e, int op, int reg, int32_t imm, int label);
void emit_jmp_reg(struct emit *e, int op, int dst, int src, int label);

/*
 * BPF-to-BPF subprograms (bpf_loop() callbacks).  Code emitted between
 * emit_sub_begin() and emit_sub_end() (which may nest) belongs to a new
 * subprogram: labels are shared with the main program, and
 * emit_finish() moves each subprogram's code, in order, after the main
 * program's.  A jump may not cross from one subprogram to another (the
 * verifier rejects it).  Code emitted right before a begin or after an
 * end must be the enclosing program's, since a label placed there is
 * resolved to the instruction that follows it in that program.
 * emit_ld_func() loads the address of the code at label for a helper's
 * callback argument; emit_remap() gives an instruction's index after
 * the move, for tables built during generation.
 */
void emit_sub_begin(struct emit *e);
void emit_sub_end(struct emit *e);
void emit_ld_func(struct emit *e, int dst, int label);
/* a BPF-to-BPF call of the subprogram at label */
void emit_call_label(struct emit *e, int label);
uint32_t emit_remap(const struct emit *e, uint32_t old);

/* the index the next instruction will have */
static inline size_t emit_pos(const struct emit *e) { return e->len; }
/* append every instruction of src (which must be finished) to e */
void emit_append(struct emit *e, const struct emit *src);

/*
 * Resolve every jump.  Fails with -E2BIG and "program too long: jump
 * offset out of range" if an offset does not fit BPF's 16 bits, and with
 * -EINVAL if a label was used but never placed.
 */
int emit_finish(struct emit *e);
static inline int emit_error(const struct emit *e) { return e->err; }
const char *emit_errmsg(const struct emit *e);
void emit_free(struct emit *e);

/*
 * Disassembly (-S), one instruction per line in the kernel verifier's
 * notation ("r1 = *(u64 *)(r10 -8)", "if r1 == 0x0 goto +3", "call
 * bpf_map_lookup_elem#1", "r1 = map[id:2]" ...), each prefixed by its
 * index.  Returns the number of slots the instruction used (1 or 2).
 * map_name may be NULL; it names the map of a map-load's imm.
 */
struct strbuf;
int dis_insn(struct strbuf *sb, const struct bpf_insn *insn, size_t idx,
	     const char *(*map_name)(void *arg, int index), void *arg);
void dis_prog(struct strbuf *sb, const struct bpf_insn *insns, size_t n,
	      const char *(*map_name)(void *arg, int index), void *arg);
/* the name of helper `id` ("bpf_map_lookup_elem"), or NULL */
const char *dis_helper_name(int id);

#endif
