/*
 * Struct and union values copied whole: `x = y` where x is a global, a
 * dynamic variable (self->x, this->x, a[k]), or a member or element
 * (`g.s = y`, `p->s = y`), and y any struct of the same type.  As
 * everywhere in the code generator, the value of a struct is its
 * address: in the globals map, a dynamic variable's map value, scratch,
 * or anywhere in the kernel (`x = *p`), so the bytes are copied with
 * bpf_probe_read_kernel and a bad source address faults "invalid
 * address", as DTrace's copy of a by-reference value does.
 */
#include "cg.h"

/*
 * Copy size bytes from the address in src (freed) to dst, a pointer the
 * verifier knows to be writable for size bytes (kept).
 */
void cg_sou_copy(struct cg *cg, int dst, uint32_t size, int src)
{
	int keep = ra_alloc(cg), d = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(keep, src));
	emit(cg->e, I_MOV64_REG(d, dst));
	struct cg_arg args[] = { ARG_REG(d), ARG_IMM(size), ARG_REG(src) };
	int r = cg_call(cg, BPF_FUNC_probe_read_kernel, args, 3, true);

	cg_fault_if_neg(cg, r, DFLT_BADADDR, keep);
	ra_free(cg, r);
	ra_free(cg, keep);
}

/*
 * The address of size zero bytes, in a new register: the value of a
 * struct-valued dynamic variable that holds nothing.  The shared
 * all-zero element of the aggregations serves, grown as needed.
 */
int cg_sou_zero(struct cg *cg, uint32_t size)
{
	int r = ra_alloc(cg);

	emit_ld_map_value(cg->e, r, cg_zero_map(cg, size), 0);
	return r;
}
