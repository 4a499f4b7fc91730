/*
 * NULL strings.  strstr, strchr, strrchr and strtok return NULL when
 * they find nothing.  A D string is a pointer to strsize readable bytes,
 * so NULL is not the 0 pointer (every reader would need a check the
 * verifier can follow) but one fixed address in the string table, the
 * terminating NUL of a private entry: it reads as "", which is what
 * DTrace's string comparison makes of NULL (its strncmp treats a NULL
 * side as ""), and no constant ever shares it, since equal constants
 * share the start of an entry, never its end.
 *
 * What tells NULL from "" is recording it: trace(), printf() and
 * aggregation keys fault with "invalid address (0x0)" as DTrace's copy
 * from address 0 does, and so do the string subroutines given one.
 * Only expressions that can be NULL are checked (see cg_str_may_be_null),
 * so recording other strings costs nothing more.
 *
 * A variable holds a copy of its string's bytes; it holds NULL as a
 * mark (a NUL, then NULL_MARK), as DTrace keeps a NULL mark in static
 * string variables, and reads back as the NULL string.  A string copied
 * in has its second byte cleared when its first is the NUL, so "" never
 * looks like NULL.  Cast to an integer, NULL is 0 (DTrace's NULL
 * pointer): s[i] of a NULL s reads address i and faults there.
 */
#include "cg.h"

#include "../compile/lex.h"
#include "../compile/subr.h"
#include "../compile/types.h"

/* the private entry; the NULL string is its final NUL */
static const char null_entry[] = "(null)";

/* the second byte of a variable holding NULL (its first is the NUL) */
#define NULL_MARK	0xff

static void load_null(struct cg *cg, int r)
{
	uint32_t off = dobj_strtab_add(cg->obj, null_entry,
				       sizeof(null_entry) - 1);

	emit_ld_map_value(cg->e, r, DMAP_STRTAB,
			  off + (uint32_t)sizeof(null_entry) - 1);
}

int cg_str_null(struct cg *cg)
{
	int r = ra_alloc(cg);

	load_null(cg, r);
	return r;
}

void cg_str_store(struct cg *cg, int dst, int v, uint32_t size)
{
	int copy = emit_label_new(cg->e), done = emit_label_new(cg->e);
	int z = cg_str_null(cg);

	emit_jmp_reg(cg->e, BPF_JNE, v, z, copy);
	ra_free(cg, z);
	emit(cg->e, I_ST_MEM(BPF_B, dst, 0, 0));
	if (size >= 2)
		emit(cg->e, I_ST_MEM(BPF_B, dst, 1, NULL_MARK));
	emit_ja(cg->e, done);
	emit_label_place(cg->e, copy);
	int d = ra_alloc(cg), s = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(d, dst));
	emit(cg->e, I_MOV64_REG(s, v));
	cg_strcpy(cg, d, 0, s, size);		/* frees d and s */
	if (size >= 2) {
		int b = ra_alloc(cg);

		emit(cg->e, I_LDX_MEM(BPF_B, b, dst, 0));
		emit_jmp_imm(cg->e, BPF_JNE, b, 0, done);
		emit(cg->e, I_ST_MEM(BPF_B, dst, 1, 0));
		ra_free(cg, b);
	}
	emit_label_place(cg->e, done);
	ra_free(cg, dst);
}

void cg_str_load(struct cg *cg, int r, uint32_t size)
{
	if (size < 2)
		return;
	int done = emit_label_new(cg->e), b = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_B, b, r, 0));
	emit_jmp_imm(cg->e, BPF_JNE, b, 0, done);
	emit(cg->e, I_LDX_MEM(BPF_B, b, r, 1));
	emit_jmp_imm(cg->e, BPF_JNE, b, NULL_MARK, done);
	load_null(cg, r);
	emit_label_place(cg->e, done);
	ra_free(cg, b);
}

void cg_str_to_int(struct cg *cg, const struct node *n, int r)
{
	if (!cg_str_may_be_null(n))
		return;
	int done = emit_label_new(cg->e);
	int z = cg_str_null(cg);

	emit_jmp_reg(cg->e, BPF_JNE, r, z, done);
	emit(cg->e, I_MOV64_IMM(r, 0));
	emit_label_place(cg->e, done);
	ra_free(cg, z);
}

bool cg_str_may_be_null(const struct node *n)
{
	if (!n || !type_is_string(n->type))
		return false;
	switch (n->kind) {
	case NK_CALL:
		return n->builtin == SUBR_STRSTR || n->builtin == SUBR_STRCHR ||
		       n->builtin == SUBR_STRRCHR || n->builtin == SUBR_STRTOK;
	case NK_COND:
		return cg_str_may_be_null(n->then) ||
		       cg_str_may_be_null(n->els);
	case NK_BINARY:
		return n->op == TK_COMMA && cg_str_may_be_null(n->rhs);
	case NK_CAST:
		return cg_str_may_be_null(n->lhs);
	case NK_STRING:
		return n->is_null;	/* NULL as a string: sema_strnull.c */
	case NK_IDENT:			/* a variable, not a built-in */
		return n->builtin < 0 && n->sym;
	case NK_SELF: case NK_THIS: case NK_INDEX:
		return n->sym != NULL;
	default:
		return false;
	}
}

/*
 * Fault unless the string in r (n's value, not freed) is non-NULL: as a
 * recorded value (no DIF offset) when record, else as a subroutine's
 * read of address 0.
 */
void cg_str_null_check(struct cg *cg, const struct node *n, int r,
		       bool record)
{
	if (!cg_str_may_be_null(n))
		return;
	int ok = emit_label_new(cg->e);
	int z = cg_str_null(cg);

	emit_jmp_reg(cg->e, BPF_JNE, r, z, ok);
	ra_free(cg, z);
	if (record)
		cg_fault_record(cg, DFLT_BADADDR, -1);
	else
		cg_fault(cg, DFLT_BADADDR, -1);
	emit_label_place(cg->e, ok);
}
