/*
 * The line table: which clause and statement each instruction of a
 * program was generated for.  The runtime needs it only when the kernel's
 * verifier rejects a program, to turn "instruction 312" into the clause
 * and source line a user can act on.  Entries are recorded as code is
 * emitted; consecutive entries for one position keep only the last.
 */
#include "cg.h"

void cg_line(struct cg *cg, uint32_t epid, int action, struct srcloc loc)
{
	struct dline l = { .insn = (uint32_t)emit_pos(cg->e), .epid = epid,
			   .action = action, .loc = loc };

	if (cg->lines.len && cg->lines.data[cg->lines.len - 1].insn == l.insn)
		cg->lines.data[cg->lines.len - 1] = l;
	else
		vec_push(&cg->lines, l);
}

void cg_lines_finish(struct cg *cg, struct dprog *p, size_t skip)
{
	size_t n = cg->lines.len + 1;
	struct dline *v = arena_alloc(cg->a, n * sizeof(*v));

	/* the prologue first, as code of no clause */
	v[0] = (struct dline){ 0 };
	for (size_t i = 0; i < cg->lines.len; i++) {
		v[i + 1] = cg->lines.data[i];
		v[i + 1].insn += (uint32_t)skip;
	}
	p->lines = v;
	p->nlines = n;
}
