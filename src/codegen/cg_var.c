/*
 * Code generation for variables: built-ins and globals.  Globals live in
 * element 0 of an array map addressed directly (BPF_PSEUDO_MAP_VALUE),
 * so reading one costs a load, not a helper call.
 */
#include "cg.h"

#include <errno.h>
#include <string.h>

#include "../compile/btf.h"
#include "../providers/provider.h"
#include "../runtime/options.h"

int cg_global_load(struct cg *cg, const struct dsym *y)
{
	int r = ra_alloc(cg);

	emit_ld_map_value(cg->e, r, DMAP_GLOBALS, y->offset);
	if (y->type->kind == DT_STRING) {	/* NULL: cg_strnull.c */
		cg_str_load(cg, r, y->type->size);
		return r;
	}
	/* structs, unions and arrays: their address */
	if (type_is_sou(y->type) ||
	    y->type->kind == DT_ARRAY || type_is_ldouble(y->type))
		return r;
	static const int sz[] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W, [8] = BPF_DW };

	emit(cg->e, I_LDX_MEM(sz[y->type->size], r, r, 0));
	cg_normalize(cg, r, y->type);
	return r;
}

/* Store reg into global y; reg stays allocated (it is the expression's
 * value) unless it is a string, whose bytes are copied. */
void cg_global_store(struct cg *cg, const struct dsym *y, int reg)
{
	int p = ra_alloc(cg);

	emit_ld_map_value(cg->e, p, DMAP_GLOBALS, y->offset);
	if (y->type->kind == DT_STRING) {
		cg_str_store(cg, p, reg, y->type->size);	/* frees p */
		return;
	}
	static const int sz[] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W, [8] = BPF_DW };

	emit(cg->e, I_STX_MEM(sz[y->type->size], p, reg, 0));
	ra_free(cg, p);
}

/*
 * Probe description strings: constants when the program serves one
 * probe, else the string-table offsets in the prdesc table (one array
 * element indexed by probe id: read-only array maps of more than one
 * element cannot be read by a frozen-map constant load).
 */
/*
 * The string-table offset of the probe's description field `which`
 * (0 provider .. 3 name): prdesc[prid][which], bounded for the verifier
 * (an out-of-range probe id reads offset 0).
 */
static int probe_string_offset(struct cg *cg, int which)
{
	const struct attach *at = cg->at;
	int r = ra_alloc(cg);

	if (at->nprobes == 1) {
		const struct probe *p = at->probes[0];
		const char *s[] = { p->provname, p->mod, p->func, p->name };

		emit(cg->e, I_MOV64_IMM(r, (int32_t)cg_probe_strtab_add(cg,
							s[which])));
		return r;
	}
	int out = emit_label_new(cg->e), zero = emit_label_new(cg->e);
	int t = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX, offsetof(struct dctx, prid)));
	emit_jmp_imm(cg->e, BPF_JGT, r, (int32_t)cg->prdesc_max, zero);
	emit(cg->e, I_ALU64_IMM(BPF_LSH, r, 4));
	emit_ld_map_value(cg->e, t, cg->prdesc_map, 0);
	emit(cg->e, I_ALU64_REG(BPF_ADD, t, r));
	emit(cg->e, I_LDX_MEM(BPF_W, r, t, 4 * which));
	emit_jmp_imm(cg->e, BPF_JLE, r, (int32_t)cg->strtab_max, out);
	emit_label_place(cg->e, zero);
	emit(cg->e, I_MOV64_IMM(r, 0));
	emit_label_place(cg->e, out);
	ra_free(cg, t);
	return r;
}

int cg_probe_string_offset(struct cg *cg, int builtin)
{
	int which[] = { [BV_PROBEPROV] = 0, [BV_PROBEMOD] = 1,
			[BV_PROBEFUNC] = 2, [BV_PROBENAME] = 3 };

	return probe_string_offset(cg, which[builtin]);
}

/*
 * probeprov of probes that fire in any process (a provider glob's
 * uprobes on a file, providers/uwide.c): the provider's name followed
 * by the firing process's id, as each process has its own provider in
 * DTrace.  The digits (a pid has at most 7: PID_MAX_LIMIT is 2^22) are
 * made in a register, the most significant in its low byte, and stored
 * a byte at a time after the name; the eighth byte is the NUL.
 */
static int provider_of_process(struct cg *cg, const char *stem)
{
	uint32_t len = (uint32_t)strlen(stem), ss = dopts_strbytes(cg->opts);
	uint32_t off = cg_scratch(cg, ss > len + 8 ? ss : len + 8);
	int32_t at = (int32_t)(offsetof(struct dctx, scratch) + off);
	int done = emit_label_new(cg->e);

	for (uint32_t i = 0; i < len; i += 4) {
		uint32_t w = 0;

		memcpy(&w, stem + i, len - i < 4 ? len - i : 4);
		emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, at + (int32_t)i,
				     (int32_t)w));
	}
	int v = cg_call(cg, BPF_FUNC_get_current_pid_tgid, NULL, 0, true);
	int w = ra_alloc(cg), d = ra_alloc(cg);

	emit(cg->e, I_ALU64_IMM(BPF_RSH, v, 32));
	emit(cg->e, I_MOV64_IMM(w, 0));
	for (int k = 0; k < 7; k++) {
		if (k > 0)
			emit_jmp_imm(cg->e, BPF_JEQ, v, 0, done);
		emit(cg->e, I_ALU64_IMM(BPF_LSH, w, 8));
		emit(cg->e, I_MOV64_REG(d, v));
		emit(cg->e, I_ALU64_IMM(BPF_MOD, d, 10));
		emit(cg->e, I_ALU64_IMM(BPF_ADD, d, '0'));
		emit(cg->e, I_ALU64_REG(BPF_OR, w, d));
		emit(cg->e, I_ALU64_IMM(BPF_DIV, v, 10));
	}
	emit_label_place(cg->e, done);
	for (int32_t i = 0; i < 8; i++) {
		emit(cg->e, I_STX_MEM(BPF_B, REG_DCTX, w, at + (int32_t)len + i));
		emit(cg->e, I_ALU64_IMM(BPF_RSH, w, 8));
	}
	/* no longer than strsize, as any string */
	if (len + 7 > ss - 1)
		emit(cg->e, I_ST_MEM(BPF_B, REG_DCTX, at + (int32_t)ss - 1, 0));
	ra_free(cg, d);
	ra_free(cg, w);
	emit(cg->e, I_MOV64_REG(v, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, v, at));
	return v;
}

static int probe_string(struct cg *cg, int which)
{
	const struct attach *at = cg->at;

	if (which == 0 && at->prov_stem)
		return provider_of_process(cg, at->prov_stem);
	if (at->nprobes == 1) {
		const struct probe *p = at->probes[0];
		const char *s[] = { p->provname, p->mod, p->func, p->name };

		return cg_string_const(cg, s[which], strlen(s[which]));
	}
	/* base = strtab + the field's offset */
	int base = ra_alloc(cg), r = probe_string_offset(cg, which);

	emit_ld_map_value(cg->e, base, DMAP_STRTAB, 0);
	emit(cg->e, I_ALU64_REG(BPF_ADD, base, r));
	ra_free(cg, r);
	return base;
}

static int cg_ppid(struct cg *cg, struct node *n)
{
	/* task->real_parent->tgid */
	int parent = dbtf_offsetof(cg->types, "task_struct", "real_parent");
	int tgid = dbtf_offsetof(cg->types, "task_struct", "tgid");

	if (parent < 0 || tgid < 0)
		return cg_fail(cg, n, "ppid is not available: no kernel BTF for task_struct"), R8;
	uint32_t k = cg_scratch(cg, 8);
	int task = cg_task(cg);

	emit(cg->e, I_ALU64_IMM(BPF_ADD, task, parent));
	struct cg_arg a1[] = { ARG_DCTX(k), ARG_IMM(8), ARG_REG(task) };

	cg_call(cg, BPF_FUNC_probe_read_kernel, a1, 3, false);
	task = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(BPF_DW, task, REG_DCTX,
			      offsetof(struct dctx, scratch) + k));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, task, tgid));
	struct cg_arg a2[] = { ARG_DCTX(k), ARG_IMM(4), ARG_REG(task) };

	cg_call(cg, BPF_FUNC_probe_read_kernel, a2, 3, false);
	int r = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX,
			      offsetof(struct dctx, scratch) + k));
	cg_normalize(cg, r, n->type);
	return r;
}

/* curcpu: this CPU's cpuinfo_t, written into the probe context (the
 * same values as sched.d's translator from a task) */
static int cg_curcpu(struct cg *cg)
{
	int16_t at = offsetof(struct dctx, cpuinfo);
	int r = cg_call(cg, BPF_FUNC_get_smp_processor_id, NULL, 0, true);

	emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r, at));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, at + 4, -1));	/* cpu_pset */
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, at + 8, 0));	/* cpu_chip */
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, at + 12, 0));	/* cpu_lgrp */
	emit(cg->e, I_MOV64_REG(r, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, r, at));
	return r;
}

static int cg_pid_tgid(struct cg *cg, int fn, bool high, const struct dtype *t)
{
	int r = cg_call(cg, fn, NULL, 0, true);

	if (high)
		emit(cg->e, I_ALU64_IMM(BPF_RSH, r, 32));
	else
		emit(cg->e, I_MOV32_REG(r, r));
	cg_normalize(cg, r, t);
	return r;
}

int cg_builtin(struct cg *cg, struct node *n)
{
	int bv = n->builtin;
	int r;

	if (bv >= BV_ARG0 && bv <= BV_ARG9) {
		int i = bv - BV_ARG0;

		if (i + 1 > cg->nargs_used)
			cg->nargs_used = i + 1;
		r = ra_alloc(cg);
		emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX,
				      offsetof(struct dctx, args) + 8 * i));
		return r;
	}
	if (cg_other_thread(cg) && (r = cg_thread_builtin(cg, n)) >= 0)
		return r;	/* the probe's thread is not the running one */
	switch (bv) {
	case BV_PID:
		return cg_pid_tgid(cg, BPF_FUNC_get_current_pid_tgid, true, n->type);
	case BV_TID:
		return cg_pid_tgid(cg, BPF_FUNC_get_current_pid_tgid, false, n->type);
	case BV_UID:
		return cg_pid_tgid(cg, BPF_FUNC_get_current_uid_gid, false, n->type);
	case BV_GID:
		return cg_pid_tgid(cg, BPF_FUNC_get_current_uid_gid, true, n->type);
	case BV_PPID:
		return cg_ppid(cg, n);
	case BV_CURTHREAD:	/* the task_struct of the current thread */
		return cg_task(cg);
	case BV_CPU:
		return cg_call(cg, BPF_FUNC_get_smp_processor_id, NULL, 0, true);
	case BV_CURCPU:
		return cg_curcpu(cg);
	case BV_TIMESTAMP:
		return cg_timestamp(cg);
	case BV_EXECARGS:
		return cg_execargs(cg, n);
	case BV_WALLTIMESTAMP: {
		r = cg_call(cg, BPF_FUNC_ktime_get_boot_ns, NULL, 0, true);
		int w = ra_alloc(cg);

		emit_ld_map_value(cg->e, w, DMAP_GLOBALS, (uint32_t)cg->wall_global);
		emit(cg->e, I_LDX_MEM(BPF_DW, w, w, 0));
		emit(cg->e, I_ALU64_REG(BPF_ADD, r, w));
		ra_free(cg, w);
		return r;
	}
	case BV_EXECNAME: {
		uint32_t off = cg_scratch(cg, dopts_strbytes(cg->opts));
		struct cg_arg args[] = { ARG_DCTX(off), ARG_IMM(16) };

		cg_call(cg, BPF_FUNC_get_current_comm, args, 2, false);
		r = ra_alloc(cg);
		emit(cg->e, I_MOV64_REG(r, REG_DCTX));
		emit(cg->e, I_ALU64_IMM(BPF_ADD, r,
					offsetof(struct dctx, scratch) + off));
		return r;
	}
	case BV_PROBEPROV: return probe_string(cg, 0);
	case BV_PROBEMOD:  return probe_string(cg, 1);
	case BV_PROBEFUNC: return probe_string(cg, 2);
	case BV_PROBENAME: return probe_string(cg, 3);
	case BV_ID:
		r = ra_alloc(cg);
		emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX, offsetof(struct dctx, prid)));
		return r;
	case BV_EPID:
		r = ra_alloc(cg);
		emit(cg->e, I_MOV64_IMM(r, cg->stmt->epid));
		return r;
	case BV_ARGS: case BV_UREGS: case BV_ERRNO: case BV_VTIMESTAMP:
		return cg_builtin_ext(cg, n);
	case BV_STACKDEPTH: case BV_USTACKDEPTH:
		return cg_stack_depth(cg, bv == BV_USTACKDEPTH);
	case BV_CALLER: case BV_UCALLER:
		return cg_caller(cg, bv == BV_UCALLER);
	case BV_CWD: case BV_ROOT:
		return cg_path_builtin(cg, n, bv == BV_CWD);
	case BV_IPL:
		/* Linux has no interrupt priority levels: every probe
		 * reads the base level, as a Solaris thread at ipl 0 */
		r = ra_alloc(cg);
		emit(cg->e, I_MOV64_IMM(r, 0));
		return r;
	default:
		return cg_fail(cg, n, "%s is not supported yet", n->name), R8;
	}
}
