/*
 * Paths of kernel objects: d_path(struct path *) and the cwd and root
 * built-ins.  The kernel's bpf_d_path helper is allowed only in
 * fentry/fexit, LSM and iterator programs, so the path is built here,
 * in BPF, the way the kernel's prepend_path() builds it: from a dentry
 * and vfsmount up through d_parent, crossing each mount point through
 * the struct mount that contains the vfsmount (mnt_mountpoint in
 * mnt_parent), until the task's root (current->fs->root) or the root of
 * the mount tree.  Offsets come from the kernel's BTF.
 *
 * Each name is copied with bpf_probe_read_kernel (d_name.len bytes) in
 * front of what is already there, in a scratch buffer of 2 * strsize
 * bytes whose byte strsize - 1 is the terminating NUL: the string is
 * the buffer's tail, and strsize bytes are readable from its start
 * whatever its length.  A path longer than strsize - 1 bytes keeps the
 * components that fit (its last ones).
 *
 * The walk is a plain bounded loop (at most PATH_MAX_DEPTH steps, each
 * a component or a mount crossing) whose counter is the only register
 * carried from one iteration to the next; the rest of its state lives
 * in scratch slots, so every path through an iteration reaches the
 * head in the same verifier state and is pruned there: the verifier
 * checks one iteration's body per step, and no may_goto is needed.
 */
#include <stddef.h>
#include <string.h>

#include <bpf/btf.h>

#include "cg_subr.h"
#include "../compile/btf.h"
#include "../lib/btf_path.h"
#include "../runtime/options.h"

/* components and mount crossings walked before giving up */
#define PATH_MAX_DEPTH	64

static const char deleted_sfx[] = " (deleted)";

/* byte offset of member (looked for in anonymous members too) */
/* the kernel offsets the walk needs */
struct poffs {
	int path_mnt, path_dentry;
	int d_parent, d_name, qstr_len, qstr_name, d_hash_pprev;
	int mnt_root, mount_mnt, mnt_parent, mnt_mountpoint;
	int task_fs, fs_root, fs_pwd;
};

#define PO(f, st, m)	{ offsetof(struct poffs, f), st, m }
static const struct {
	size_t field;
	const char *sname, *member;
} poffs_tab[] = {
	PO(path_mnt, "path", "mnt"),
	PO(path_dentry, "path", "dentry"),
	PO(d_parent, "dentry", "d_parent"),
	PO(d_name, "dentry", "d_name"),
	PO(qstr_len, "qstr", "len"),
	PO(qstr_name, "qstr", "name"),
	PO(d_hash_pprev, "dentry", "d_hash"),	/* + hlist_bl_node.pprev */
	PO(mnt_root, "vfsmount", "mnt_root"),
	PO(mount_mnt, "mount", "mnt"),
	PO(mnt_parent, "mount", "mnt_parent"),
	PO(mnt_mountpoint, "mount", "mnt_mountpoint"),
	PO(task_fs, "task_struct", "fs"),
	PO(fs_root, "fs_struct", "root"),
	PO(fs_pwd, "fs_struct", "pwd"),
};
#undef PO

static bool poffs_get(struct cg *cg, struct poffs *o)
{
	struct btf *btf = dbtf_vmlinux(cg->types);
	int pprev = btfp_offsetof(btf, "hlist_bl_node", "pprev");

	for (size_t i = 0; i < sizeof(poffs_tab) / sizeof(poffs_tab[0]); i++) {
		int *f = (int *)((char *)o + poffs_tab[i].field);

		*f = btfp_offsetof(btf, poffs_tab[i].sname, poffs_tab[i].member);
		if (*f < 0)
			return false;
	}
	if (pprev < 0)
		return false;
	o->d_hash_pprev += pprev;
	return true;
}

/*
 * bpf_probe_read_kernel(dst, size, src), faulting with "invalid address
 * (src)" if it fails; src (a register) is freed.
 */
static void kcopy(struct cg *cg, struct cg_arg dst, struct cg_arg size, int src)
{
	int keep = ra_alloc(cg);

	E(I_MOV64_REG(keep, src));
	struct cg_arg args[] = { dst, size, ARG_REG(src) };
	int ret = cg_call(cg, BPF_FUNC_probe_read_kernel, args, 3, true);

	cg_fault_if_neg(cg, ret, DFLT_BADADDR, keep);
	ra_free(cg, ret);
	ra_free(cg, keep);
}

/* read size (4 or 8) bytes at addr + off into scratch slot dst; addr
 * stays allocated */
static void kread_to(struct cg *cg, uint32_t dst, int addr, int off, int size)
{
	int a = ra_alloc(cg);

	E(I_MOV64_REG(a, addr));
	E(I_ALU64_IMM(BPF_ADD, a, off));
	kcopy(cg, ARG_DCTX(dst), ARG_IMM(size), a);
}

/* a new register: the size-byte word at addr + off */
static int kld(struct cg *cg, int addr, int off, int size, uint32_t tmp)
{
	int r;

	if (size == 4)
		E(I_ST_MEM(BPF_DW, REG_DCTX, SOFF(tmp), 0));
	kread_to(cg, tmp, addr, off, size);
	r = ra_alloc(cg);
	E(I_LDX_MEM(size == 4 ? BPF_W : BPF_DW, r, REG_DCTX, SOFF(tmp)));
	return r;
}

/* The walk's state in scratch. */
struct pwalk {
	struct poffs o;
	uint32_t cur;	/* struct path being walked (16 bytes) */
	uint32_t root;	/* the task's root, struct path */
	uint32_t pos;	/* index of the string's first byte in buf */
	uint32_t next;	/* the parent dentry, while a name is copied */
	uint32_t tmp;
	uint32_t buf;	/* 2 * strsize bytes */
	uint32_t ss;
};

/* slots of the members of the struct path at p */
#define P_DENTRY(w, p)	((p) + (uint32_t)(w)->o.path_dentry)
#define P_MNT(w, p)	((p) + (uint32_t)(w)->o.path_mnt)

/*
 * kld() of the pointer in scratch slot v: the walk keeps its pointers in
 * slots, not registers, so that a path can be used where most registers
 * hold other values.
 */
static int kld_slot(struct cg *cg, uint32_t v, int off, int size, uint32_t tmp)
{
	int a = ra_alloc(cg);

	sv_ld(cg, a, v);
	int r = kld(cg, a, off, size, tmp);

	ra_free(cg, a);
	return r;
}

/* d_unlinked(dentry in cur): d_hash unhashed and not its own parent */
static void path_deleted(struct cg *cg, struct pwalk *w)
{
	int no = emit_label_new(cg->e);
	int h = kld_slot(cg, P_DENTRY(w, w->cur), w->o.d_hash_pprev, 8, w->tmp);

	emit_jmp_imm(cg->e, BPF_JNE, h, 0, no);
	int p = kld_slot(cg, P_DENTRY(w, w->cur), w->o.d_parent, 8, w->tmp);

	sv_ld(cg, h, P_DENTRY(w, w->cur));
	emit_jmp_reg(cg->e, BPF_JEQ, p, h, no);
	ra_free(cg, p);
	ra_free(cg, h);
	uint32_t at = w->ss - (uint32_t)sizeof(deleted_sfx);

	for (uint32_t i = 0; i + 1 < sizeof(deleted_sfx); i++)
		E(I_ST_MEM(BPF_B, REG_DCTX, SOFF(w->buf + at + i), deleted_sfx[i]));
	sv_st_imm(cg, w->pos, (int32_t)at);
	emit_label_place(cg->e, no);
}

/* at a mount's root: go on from its mount point in the parent mount */
static void path_cross(struct cg *cg, struct pwalk *w, int head, int out)
{
	int m = ra_alloc(cg);

	sv_ld(cg, m, P_MNT(w, w->cur));
	E(I_ALU64_IMM(BPF_SUB, m, w->o.mount_mnt));
	int par = kld(cg, m, w->o.mnt_parent, 8, w->tmp);

	emit_jmp_reg(cg->e, BPF_JEQ, par, m, out);
	kread_to(cg, P_DENTRY(w, w->cur), m, w->o.mnt_mountpoint, 8);
	E(I_ALU64_IMM(BPF_ADD, par, w->o.mount_mnt));
	sv_st(cg, P_MNT(w, w->cur), par);
	ra_free(cg, par);
	ra_free(cg, m);
	emit_ja(cg->e, head);
}

/* put the dentry's name and a '/' in front of the string; its
 * d_parent next */
static void path_prepend(struct cg *cg, struct pwalk *w, int out)
{
	int p = kld_slot(cg, P_DENTRY(w, w->cur), w->o.d_parent, 8, w->tmp);
	int d = ra_alloc(cg);

	sv_ld(cg, d, P_DENTRY(w, w->cur));
	emit_jmp_reg(cg->e, BPF_JEQ, p, d, out);
	sv_st(cg, w->next, p);
	ra_free(cg, p);
	ra_free(cg, d);
	int len = kld_slot(cg, P_DENTRY(w, w->cur), w->o.d_name + w->o.qstr_len,
			   4, w->tmp);
	int pos = ra_alloc(cg);

	subr_bound(cg, len, w->ss, out);
	sv_ld(cg, pos, w->pos);
	E(I_ALU64_REG(BPF_SUB, pos, len));
	E(I_ALU64_IMM(BPF_SUB, pos, 1));
	emit_jmp_imm(cg->e, BPF_JSLT, pos, 0, out);	/* no room left */
	subr_bound(cg, pos, w->ss, out);
	sv_st(cg, w->pos, pos);
	int dst = scratch_ptr(cg, w->buf + 1);

	E(I_ALU64_REG(BPF_ADD, dst, pos));
	ra_free(cg, pos);
	int name = kld_slot(cg, P_DENTRY(w, w->cur),
			    w->o.d_name + w->o.qstr_name, 8, w->tmp);

	kcopy(cg, ARG_REG(dst), ARG_REG(len), name);
	pos = ra_alloc(cg);
	sv_ld(cg, pos, w->pos);
	subr_bound(cg, pos, w->ss, out);
	E(I_ALU64_REG(BPF_ADD, pos, REG_DCTX));
	E(I_ST_MEM(BPF_B, pos, SOFF(w->buf), '/'));
	sv_ld(cg, pos, w->next);
	sv_st(cg, P_DENTRY(w, w->cur), pos);
	ra_free(cg, pos);
}

/* the loop: one component or mount crossing per iteration */
static void path_loop(struct cg *cg, struct pwalk *w)
{
	int head = emit_label_new(cg->e), out = emit_label_new(cg->e);
	int walk = emit_label_new(cg->e), comp = emit_label_new(cg->e);
	int n = ra_new(cg);

	emit_label_place(cg->e, head);
	emit_jmp_imm(cg->e, BPF_JGE, n, PATH_MAX_DEPTH, out);
	E(I_ALU64_IMM(BPF_ADD, n, 1));
	int d = ra_alloc(cg), x = ra_alloc(cg);

	/* at the task's root: done */
	sv_ld(cg, d, P_DENTRY(w, w->cur));
	sv_ld(cg, x, P_DENTRY(w, w->root));
	emit_jmp_reg(cg->e, BPF_JNE, d, x, walk);
	sv_ld(cg, d, P_MNT(w, w->cur));
	sv_ld(cg, x, P_MNT(w, w->root));
	emit_jmp_reg(cg->e, BPF_JEQ, d, x, out);
	emit_label_place(cg->e, walk);
	ra_free(cg, x);
	ra_free(cg, d);
	x = kld_slot(cg, P_MNT(w, w->cur), w->o.mnt_root, 8, w->tmp);
	d = ra_alloc(cg);
	sv_ld(cg, d, P_DENTRY(w, w->cur));
	emit_jmp_reg(cg->e, BPF_JNE, d, x, comp);
	ra_free(cg, x);
	ra_free(cg, d);
	path_cross(cg, w, head, out);
	emit_label_place(cg->e, comp);
	path_prepend(cg, w, out);
	emit_ja(cg->e, head);
	emit_label_place(cg->e, out);
	ra_free(cg, n);
}

/*
 * The path of the struct path in w->cur, up to the root in w->root; a
 * register pointing at the string.
 */
static int path_build(struct cg *cg, struct pwalk *w, bool deleted)
{
	E(I_ST_MEM(BPF_B, REG_DCTX, SOFF(w->buf + w->ss - 1), 0));
	sv_st_imm(cg, w->pos, (int32_t)(w->ss - 1));
	if (deleted)
		path_deleted(cg, w);
	path_loop(cg, w);
	/* nothing in front of the NUL: the root itself, "/" */
	int pos = ra_new(cg);
	int done = emit_label_new(cg->e), ok = emit_label_new(cg->e);

	sv_ld(cg, pos, w->pos);
	emit_jmp_imm(cg->e, BPF_JNE, pos, (int32_t)(w->ss - 1), done);
	E(I_ST_MEM(BPF_B, REG_DCTX, SOFF(w->buf + w->ss - 2), '/'));
	E(I_MOV64_IMM(pos, (int32_t)(w->ss - 2)));
	emit_label_place(cg->e, done);
	/* pos < strsize already; the check is for the verifier */
	emit_jmp_imm(cg->e, BPF_JLT, pos, (int32_t)w->ss, ok);
	E(I_MOV64_IMM(pos, (int32_t)(w->ss - 1)));
	emit_label_place(cg->e, ok);
	int r = scratch_ptr(cg, w->buf);

	E(I_ALU64_REG(BPF_ADD, r, pos));
	ra_free(cg, pos);
	return r;
}

/* w->root = current->fs->root (w->cur = ->pwd if pwd); fs NULL: "" */
static void path_task(struct cg *cg, struct pwalk *w, bool pwd, int none)
{
	int t = cg_task(cg);
	int fs = kld(cg, t, w->o.task_fs, 8, w->tmp);

	ra_free(cg, t);
	emit_jmp_imm(cg->e, BPF_JEQ, fs, 0, none);
	kread_to(cg, w->root, fs, w->o.fs_root, 8);
	kread_to(cg, w->root + 8, fs, w->o.fs_root + 8, 8);
	if (pwd) {
		kread_to(cg, w->cur, fs, w->o.fs_pwd, 8);
		kread_to(cg, w->cur + 8, fs, w->o.fs_pwd + 8, 8);
	}
	ra_free(cg, fs);
}

static bool pwalk_init(struct cg *cg, struct pwalk *w, struct node *n)
{
	if (!poffs_get(cg, &w->o)) {
		cg_fail(cg, n, "%s is not available: no kernel BTF for struct dentry, mount and fs_struct",
			n->kind == NK_CALL ? "d_path( )" : n->name);
		return false;
	}
	w->ss = subr_strsize(cg);
	w->cur = cg_scratch(cg, 16);
	w->root = cg_scratch(cg, 16);
	w->pos = sv_new(cg);
	w->next = sv_new(cg);
	w->tmp = sv_new(cg);
	w->buf = cg_scratch(cg, 2 * w->ss);
	return true;
}

/* cwd, root */
int cg_path_builtin(struct cg *cg, struct node *n, bool cwd)
{
	struct pwalk w;

	if (!pwalk_init(cg, &w, n))
		return R8;
	int none = emit_label_new(cg->e), end = emit_label_new(cg->e);

	path_task(cg, &w, cwd, none);
	if (!cwd) {
		int x = ra_new(cg);

		sv_ld(cg, x, w.root);
		sv_st(cg, w.cur, x);
		sv_ld(cg, x, w.root + 8);
		sv_st(cg, w.cur + 8, x);
		ra_free(cg, x);
	}
	int r = path_build(cg, &w, false);

	emit_ja(cg->e, end);
	emit_label_place(cg->e, none);
	/* an exiting task has no fs_struct any more */
	E(I_ST_MEM(BPF_B, REG_DCTX, SOFF(w.buf), 0));
	E(I_MOV64_REG(r, REG_DCTX));
	E(I_ALU64_IMM(BPF_ADD, r, (int32_t)(offsetof(struct dctx, scratch) + w.buf)));
	emit_label_place(cg->e, end);
	return r;
}

/* d_path(struct path *): a bad pointer faults */
int cg_subr_dpath(struct cg *cg, struct node *n)
{
	struct pwalk w;

	if (!pwalk_init(cg, &w, n))
		return R8;
	int p = cg_expr(cg, n->args);
	int none = emit_label_new(cg->e);

	kread_to(cg, w.cur, p, 0, 8);
	kread_to(cg, w.cur + 8, p, 8, 8);
	ra_free(cg, p);
	/* no fs_struct: walk up to the root of the mount tree */
	E(I_ST_MEM(BPF_DW, REG_DCTX, SOFF(w.root), 0));
	E(I_ST_MEM(BPF_DW, REG_DCTX, SOFF(w.root + 8), 0));
	path_task(cg, &w, false, none);
	emit_label_place(cg->e, none);
	return path_build(cg, &w, true);
}

int subr_kld(struct cg *cg, int addr, int off, int size, uint32_t tmp)
{
	return kld(cg, addr, off, size, tmp);
}
