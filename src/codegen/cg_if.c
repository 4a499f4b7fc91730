/*
 * Code generation for if/else statements, and the action mask that lets
 * the consumer know which actions of a clause ran.
 *
 * A clause's record has one fixed layout (struct dstmt), with a slot for
 * every action in it.  When an action sits in a branch that may not run,
 * its slot may hold nothing, so such clauses (dstmt.cond_mask) start the
 * record with a 64-bit word after the header in which every action that
 * runs sets its bit (bit i: dstmt.acts[i]); the consumer runs only the
 * actions whose bits are set.  The bit of an action statement is kept in
 * the statement node's aux (index + 1), fixed by the first program that
 * generates the clause and reused by every other program running it.
 */
#include "cg.h"

#include "../runtime/options.h"

#define MASK_OFF	rec_body_off(dopts_xo(cg->opts))

/* Does a statement (or anything under it) call an action? */
static bool calls_action(const struct node *s)
{
	switch (s->kind) {
	case NK_BLOCK:
		for (const struct node *b = s->body; b; b = b->next)
			if (calls_action(b))
				return true;
		return false;
	case NK_IF:
		return calls_action(s->then) || (s->els && calls_action(s->els));
	case NK_EXPR_STMT:
		return s->lhs->kind == NK_CALL;
	default:
		return false;
	}
}

static bool has_cond(const struct node *s)
{
	switch (s->kind) {
	case NK_BLOCK:
		for (const struct node *b = s->body; b; b = b->next)
			if (has_cond(b))
				return true;
		return false;
	case NK_IF:
		return calls_action(s);
	default:
		return false;
	}
}

bool cg_clause_has_cond_actions(const struct node *clause)
{
	for (const struct node *s = clause->body; s; s = s->next)
		if (has_cond(s))
			return true;
	return false;
}

/* After cg_record_begin: the mask word, all actions unset. */
void cg_cond_begin(struct cg *cg)
{
	emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX,
			     offsetof(struct dctx, scratch) + MASK_OFF, 0));
	cg->rec_off = MASK_OFF + 8;
}

/*
 * After action statement s generated its action: set its bit.  nacts
 * is the number of actions the clause had before s (meaningful when the
 * layout is being made).
 */
void cg_cond_mark(struct cg *cg, struct node *s, size_t nacts)
{
	if (!cg->cond_mask)
		return;
	if (!cg->stmt_done)
		s->aux = cg->acts.len > nacts ? (int)nacts + 1 : 0;
	if (s->aux <= 0)
		return;
	int bit = s->aux - 1;

	if (bit >= 64) {
		cg_fail(cg, s, "more than 64 actions in a clause with if/else is not supported yet");
		return;
	}
	int m = ra_alloc(cg), b = ra_alloc(cg);
	int32_t at = (int32_t)(offsetof(struct dctx, scratch) + MASK_OFF);

	emit(cg->e, I_LDX_MEM(BPF_DW, m, REG_DCTX, at));
	if (bit < 31) {
		emit(cg->e, I_ALU64_IMM(BPF_OR, m, 1 << bit));
	} else {
		emit_ld_imm64(cg->e, b, 1ULL << bit);
		emit(cg->e, I_ALU64_REG(BPF_OR, m, b));
	}
	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, m, at));
	ra_free(cg, m);
	ra_free(cg, b);
}

/*
 * if (cond) then [else els].  While a branch is generated, the label
 * after it is one relays carry (cg_prog.c), so a branch may be longer
 * than a jump's reach.
 */
void cg_if(struct cg *cg, struct node *s)
{
	int els = emit_label_new(cg->e);

	cg_cond_jump(cg, s->cond, els);
	cg_far_push(cg, &els);
	cg_stmt(cg, s->then);
	cg_far_pop(cg);
	if (!s->els) {
		emit_label_place(cg->e, els);
		return;
	}
	int end = emit_label_new(cg->e);

	emit_ja(cg->e, end);
	emit_label_place(cg->e, els);
	cg_far_push(cg, &end);
	cg_stmt(cg, s->els);
	cg_far_pop(cg);
	emit_label_place(cg->e, end);
}
