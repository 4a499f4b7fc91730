/*
 * The instruction emitter: appends BPF instructions to a growable buffer
 * and resolves symbolic jump labels.  A jump is emitted with offset 0 and
 * recorded as a fixup; emit_finish() patches every fixup once all labels
 * are placed, so forward and backward jumps are handled alike, and checks
 * each offset against BPF's signed 16 bits rather than letting a long
 * clause wrap into a jump to the wrong place.
 *
 * Errors are sticky: the first failure is recorded with its message and
 * every later call does nothing, so code generators emit straight-line
 * code and check emit_error() once.
 */
#include "emit.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/arena.h"

#define LABEL_UNPLACED	UINT32_MAX

/*
 * A hard stop against a run-away generator.  The kernel's limit is
 * checked exactly in emit_finish(); this only bounds memory, and is set
 * well above the limit so that the final count can still be reported.
 */
#define EMIT_HARD_CAP	((size_t)EMIT_MAX_INSNS * 8)

__attribute__((format(printf, 3, 4)))
static void emit_fail(struct emit *e, int err, const char *fmt, ...)
{
	va_list ap;

	if (e->err)
		return;
	e->err = err;
	va_start(ap, fmt);
	vsnprintf(e->errmsg, sizeof(e->errmsg), fmt, ap);
	va_end(ap);
}

/* make room for n more instructions; false (and the error set) if not */
static bool emit_reserve(struct emit *e, size_t n)
{
	size_t cap;

	if (e->err)
		return false;
	if (e->len + n > EMIT_HARD_CAP) {
		emit_fail(e, -E2BIG, "program too long: more than %zu "
			  "instructions (the kernel allows %d)",
			  EMIT_HARD_CAP, EMIT_MAX_INSNS);
		return false;
	}
	if (e->len + n <= e->cap)
		return true;
	cap = e->cap ? e->cap : 64;
	while (cap < e->len + n)
		cap *= 2;
	e->insns = xrealloc(e->insns, cap * sizeof(*e->insns));
	e->cap = cap;
	return true;
}

void emit(struct emit *e, struct bpf_insn insn)
{
	if (!emit_reserve(e, 1))
		return;
	e->insns[e->len++] = insn;
}

static void emit_ld_imm64_src(struct emit *e, int dst, int src,
			      uint32_t lo, uint32_t hi)
{
	if (!emit_reserve(e, 2))
		return;
	e->insns[e->len++] = INSN(BPF_LD | BPF_DW | BPF_IMM, dst, src, 0, lo);
	e->insns[e->len++] = INSN(0, 0, 0, 0, hi);
}

void emit_ld_imm64(struct emit *e, int dst, uint64_t value)
{
	emit_ld_imm64_src(e, dst, 0, (uint32_t)value,
			  (uint32_t)(value >> 32));
}

void emit_ld_map(struct emit *e, int dst, int map_index)
{
	emit_ld_imm64_src(e, dst, BPF_PSEUDO_MAP_FD, (uint32_t)map_index, 0);
}

void emit_ld_map_value(struct emit *e, int dst, int map_index, uint32_t off)
{
	emit_ld_imm64_src(e, dst, BPF_PSEUDO_MAP_VALUE, (uint32_t)map_index,
			  off);
}

int emit_label_new(struct emit *e)
{
	if (e->err)
		return -1;
	if (e->nlabels == e->labels_cap) {
		e->labels_cap = e->labels_cap ? e->labels_cap * 2 : 16;
		e->labels = xrealloc(e->labels,
				     e->labels_cap * sizeof(*e->labels));
	}
	e->labels[e->nlabels] = LABEL_UNPLACED;
	return (int)e->nlabels++;
}

static bool label_valid(struct emit *e, int label)
{
	if (label >= 0 && (size_t)label < e->nlabels)
		return true;
	emit_fail(e, -EINVAL, "internal error: no such label %d", label);
	return false;
}

void emit_label_place(struct emit *e, int label)
{
	if (e->err || !label_valid(e, label))
		return;
	if (e->labels[label] != LABEL_UNPLACED) {
		emit_fail(e, -EINVAL, "internal error: label %d placed twice "
			  "(at %u and %zu)", label, e->labels[label], e->len);
		return;
	}
	e->labels[label] = (uint32_t)e->len;
}

/* the instruction about to be emitted refers to label (in off or imm) */
static void add_fixup(struct emit *e, int label, bool imm)
{
	if (e->nfixups == e->fixups_cap) {
		e->fixups_cap = e->fixups_cap ? e->fixups_cap * 2 : 16;
		e->fixups = xrealloc(e->fixups,
				     e->fixups_cap * sizeof(*e->fixups));
	}
	e->fixups[e->nfixups].at = (uint32_t)e->len;
	e->fixups[e->nfixups].label = label;
	e->fixups[e->nfixups].imm = imm;
	e->nfixups++;
}

/* emit a jump whose offset is filled in by emit_finish() */
static void emit_jump(struct emit *e, struct bpf_insn insn, int label)
{
	if (e->err || !label_valid(e, label) || !emit_reserve(e, 1))
		return;
	add_fixup(e, label, false);
	e->insns[e->len++] = insn;
}

void emit_ld_func(struct emit *e, int dst, int label)
{
	if (e->err || !label_valid(e, label) || !emit_reserve(e, 2))
		return;
	add_fixup(e, label, true);
	emit_ld_imm64_src(e, dst, BPF_PSEUDO_FUNC, 0, 0);
}

void emit_call_label(struct emit *e, int label)
{
	if (e->err || !label_valid(e, label) || !emit_reserve(e, 1))
		return;
	add_fixup(e, label, true);
	e->insns[e->len++] = (struct bpf_insn){ .code = BPF_JMP | BPF_CALL,
						.src_reg = BPF_PSEUDO_CALL };
}

static void add_seg(struct emit *e, uint16_t sub)
{
	if (e->nsegs == e->segs_cap) {
		e->segs_cap = e->segs_cap ? e->segs_cap * 2 : 8;
		e->segs = xrealloc(e->segs, e->segs_cap * sizeof(*e->segs));
	}
	e->segs[e->nsegs++] = (struct emit_seg){ (uint32_t)e->len, sub };
}

void emit_sub_begin(struct emit *e)
{
	if (e->err)
		return;
	if (e->depth == sizeof(e->stack) / sizeof(e->stack[0])) {
		emit_fail(e, -E2BIG, "internal error: subprograms nested "
			  "too deeply");
		return;
	}
	if (!e->nsegs) {	/* what came before is the main program's */
		add_seg(e, 0);
		e->segs[0].start = 0;
	}
	e->stack[e->depth++] = ++e->nsubs;
	add_seg(e, e->nsubs);
}

void emit_sub_end(struct emit *e)
{
	if (e->err)
		return;
	if (!e->depth) {
		emit_fail(e, -EINVAL, "internal error: no subprogram to end");
		return;
	}
	e->depth--;
	add_seg(e, e->depth ? e->stack[e->depth - 1] : 0);
}

uint32_t emit_remap(const struct emit *e, uint32_t old)
{
	return e->remap && old < e->remap_len ? e->remap[old] : old;
}

/*
 * Move each subprogram's code after the main program's, subprogram by
 * subprogram, and every placed label and pending jump with it.
 */
static void move_subs(struct emit *e)
{
	struct bpf_insn *out = xrealloc(NULL, (e->len + 1) * sizeof(*out));
	size_t n = 0;

	e->remap = xrealloc(e->remap, (e->len + 1) * sizeof(*e->remap));
	e->remap_len = e->len + 1;
	for (uint32_t sub = 0; sub <= e->nsubs; sub++)
		for (size_t s = 0; s < e->nsegs; s++) {
			size_t end = s + 1 < e->nsegs ? e->segs[s + 1].start : e->len;

			if (e->segs[s].sub != sub)
				continue;
			for (size_t i = e->segs[s].start; i < end; i++) {
				e->remap[i] = (uint32_t)n;
				out[n++] = e->insns[i];
			}
		}
	e->remap[e->len] = (uint32_t)e->len;
	memcpy(e->insns, out, e->len * sizeof(*out));
	free(out);
	for (size_t l = 0; l < e->nlabels; l++)
		if (e->labels[l] != LABEL_UNPLACED)
			e->labels[l] = e->remap[e->labels[l]];
	for (size_t f = 0; f < e->nfixups; f++)
		e->fixups[f].at = e->remap[e->fixups[f].at];
	e->nsegs = 0;
	e->nsubs = 0;
}

void emit_ja(struct emit *e, int label)
{
	emit_jump(e, I_JA(0), label);
}

/*
 * The jump's opcode: op is a conditional jump (BPF_JEQ ... BPF_JSLE),
 * optionally or-ed with BPF_JMP32 to compare the low 32 bits only (or
 * with BPF_JMP, the default).
 * Returns 0 (with the error set) for anything else.
 */
static uint8_t jmp_code(struct emit *e, int op, int src)
{
	int cls = BPF_CLASS(op) == BPF_JMP32 ? BPF_JMP32 : BPF_JMP;

	switch (BPF_OP(op)) {
	case BPF_JEQ: case BPF_JGT: case BPF_JGE: case BPF_JSET:
	case BPF_JNE: case BPF_JSGT: case BPF_JSGE: case BPF_JLT:
	case BPF_JLE: case BPF_JSLT: case BPF_JSLE:
		if (BPF_CLASS(op) == 0 || BPF_CLASS(op) == BPF_JMP ||
		    BPF_CLASS(op) == BPF_JMP32)
			return (uint8_t)(cls | BPF_OP(op) | src);
		break;
	}
	emit_fail(e, -EINVAL, "internal error: bad conditional jump op 0x%x",
		  op);
	return 0;
}

void emit_jmp_imm(struct emit *e, int op, int reg, int32_t imm, int label)
{
	uint8_t code = jmp_code(e, op, BPF_K);

	if (code)
		emit_jump(e, INSN(code, reg, 0, 0, imm), label);
}

void emit_jmp_reg(struct emit *e, int op, int dst, int src, int label)
{
	uint8_t code = jmp_code(e, op, BPF_X);

	if (code)
		emit_jump(e, INSN(code, dst, src, 0, 0), label);
}

void emit_append(struct emit *e, const struct emit *src)
{
	if (e->err)
		return;
	if (src->err) {
		emit_fail(e, src->err, "%s", src->errmsg);
		return;
	}
	/* src's pending jumps are relative to its own labels, which do not
	 * travel with the code: only a finished program may be appended. */
	if (src->nfixups) {
		emit_fail(e, -EINVAL, "internal error: appending a program "
			  "with %zu unresolved jumps", src->nfixups);
		return;
	}
	if (!src->len || !emit_reserve(e, src->len))
		return;
	memcpy(e->insns + e->len, src->insns, src->len * sizeof(*src->insns));
	e->len += src->len;
}

int emit_finish(struct emit *e)
{
	if (e->err)
		return e->err;
	if (e->depth)
		emit_fail(e, -EINVAL, "internal error: subprogram not ended");
	else if (e->nsubs)
		move_subs(e);
	for (size_t i = 0; i < e->nfixups && !e->err; i++) {
		const struct emit_fixup *f = &e->fixups[i];
		uint32_t to = e->labels[f->label];
		long long off;

		if (to == LABEL_UNPLACED) {
			emit_fail(e, -EINVAL, "internal error: label %d used "
				  "by the jump at %u but never placed",
				  f->label, f->at);
			return e->err;
		}
		off = (long long)to - ((long long)f->at + 1);
		if (f->imm) {
			e->insns[f->at].imm = (int32_t)off;
			continue;
		}
		if (off < INT16_MIN || off > INT16_MAX) {
			emit_fail(e, -E2BIG, "program too long: jump offset "
				  "out of range (from instruction %u to %u)",
				  f->at, to);
			return e->err;
		}
		e->insns[f->at].off = (int16_t)off;
	}
	e->nfixups = 0;
	if (e->len > EMIT_MAX_INSNS)
		emit_fail(e, -E2BIG, "program too long: %zu instructions "
			  "(the kernel allows %d)", e->len, EMIT_MAX_INSNS);
	return e->err;
}

const char *emit_errmsg(const struct emit *e)
{
	return e->errmsg;
}

void emit_free(struct emit *e)
{
	if (!e)
		return;
	free(e->insns);
	free(e->labels);
	free(e->fixups);
	free(e->segs);
	free(e->remap);
	memset(e, 0, sizeof(*e));
}
