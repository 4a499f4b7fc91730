/*
 * BTF function information for programs with BPF-to-BPF subprograms.
 * A program whose loops are bpf_loop() callbacks (codegen/cg_loop.c)
 * takes a callback's address with a BPF_PSEUDO_FUNC load, and the
 * verifier accepts that only from a program that describes each of
 * its functions in BTF (func_info), the callbacks with static linkage.
 * The functions are found from the code itself (every pseudo-call and
 * pseudo-function target starts one), so the compiled program carries
 * nothing more; one small BTF object, loaded on first need and kept
 * for the process, serves every program.
 */
#include "load.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "../codegen/insn.h"
#include "../lib/arena.h"

/* the BTF object and its two function types, or fd -1 */
static int btf_fd = -2;
static uint32_t main_id, sub_id;

static int make_btf(void)
{
	struct btf *b = btf__new_empty();
	int lng, proto, fd = -1;

	if (!b)
		return -1;
	lng = btf__add_int(b, "long", 8, BTF_INT_SIGNED);
	proto = btf__add_func_proto(b, lng);
	if (lng > 0 && proto > 0 && !btf__add_func_param(b, "a", lng) &&
	    !btf__add_func_param(b, "b", lng)) {
		main_id = (uint32_t)btf__add_func(b, "dtrace_prog",
						  BTF_FUNC_STATIC, proto);
		sub_id = (uint32_t)btf__add_func(b, "dtrace_loop",
						 BTF_FUNC_STATIC, proto);
		if ((int)main_id > 0 && (int)sub_id > 0 &&
		    !btf__load_into_kernel(b))
			fd = dup(btf__fd(b));
	}
	btf__free(b);
	return fd;
}

/* the index of the function a call or function load at i targets */
static bool func_target(const struct bpf_insn *in, size_t i, size_t *to)
{
	bool call = in->code == (BPF_JMP | BPF_CALL) &&
		    in->src_reg == BPF_PSEUDO_CALL;
	bool load = in->code == (BPF_LD | BPF_IMM | BPF_DW) &&
		    in->src_reg == BPF_PSEUDO_FUNC;

	if (!call && !load)
		return false;
	*to = (size_t)((long long)i + in->imm + 1);
	return true;
}

static int info_cmp(const void *a, const void *b)
{
	const struct bpf_func_info *x = a, *y = b;

	return (x->insn_off > y->insn_off) - (x->insn_off < y->insn_off);
}

static bool have(const struct bpf_func_info *v, size_t n, size_t off)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].insn_off == off)
			return true;
	return false;
}

int load_funcs_get(const struct bpf_insn *insns, size_t n,
		   struct load_funcs *f)
{
	size_t to;

	f->info = NULL;
	f->n = 0;
	f->btf_fd = -1;
	f->over = -1;
	for (size_t i = 0; i < n; i++) {
		if (!func_target(&insns[i], i, &to) || to >= n ||
		    have(f->info, f->n, to))
			continue;
		if (!f->n) {
			f->info = xrealloc(NULL, (n + 1) * sizeof(*f->info));
			f->info[f->n++] = (struct bpf_func_info){ 0, 0 };
		}
		if (f->n == LOAD_FUNCS_MAX && f->over < 0)
			f->over = (int)i;
		f->info[f->n++] = (struct bpf_func_info){ (uint32_t)to, 0 };
	}
	if (!f->n)
		return 0;
	if (btf_fd == -2)
		btf_fd = make_btf();
	if (btf_fd < 0)
		return -EINVAL;
	qsort(f->info, f->n, sizeof(*f->info), info_cmp);
	for (size_t i = 0; i < f->n; i++)
		f->info[i].type_id = f->info[i].insn_off ? sub_id : main_id;
	f->btf_fd = btf_fd;
	return 0;
}

void load_funcs_free(struct load_funcs *f)
{
	free(f->info);
	f->info = NULL;
}
