/*
 * Stacks in aggregation keys, kept by id.  A stack() key is 20 frames
 * and a ustack() key 100 and the process id: the kernel's hash map
 * hashed and compared those 168 or 808 bytes on each update, more than
 * the unwind costs.  So the map key holds the stack's id, 16 bytes: a
 * 64-bit hash of the frames up to the first 0 (and of ustack()'s
 * process id) and the number of those frames, and the frames go to a
 * side map (one per stack size) under that id, written the first time
 * the stack is seen (BPF_NOEXIST).  Two different stacks never share an
 * id: each update compares the frames with the side map's, word by word
 * up to the depth, and when the side map holds others under the hash,
 * takes the next hash value, up to CG_STACKID_PROBES times; past that,
 * or with the side map full, the update is an aggregation drop, as with
 * the aggregation's own map full.  The consumer reads the frames back by
 * the id when it reads the aggregation (runtime/agg_stackid.c), so that
 * every tuple it prints is as before.  The code is straight-line: the
 * depth is known only at run time, and each frame's step ends the walk
 * once past it.
 */
#include <string.h>

#include "cg.h"

#include "../runtime/options.h"

/* ids tried for one stack: a 64-bit hash collides about never, but
 * -x stackhashbits=0 makes all of one depth collide (tests) */
#define CG_STACKID_PROBES	4

/* the hash: h = (h ^ word) * PRIME over the words, then h ^= h >> 32 */
#define STACKID_SEED	0xcbf29ce484222325ULL
#define STACKID_PRIME	0x9e3779b97f4a7c15ULL

bool cg_stackid_key(const struct dval *v)
{
	return (v->kind == DV_STACK || v->kind == DV_USTACK) && v->size > 16;
}

int cg_stackid_map(struct cg *cg, uint32_t size)
{
	const char *name = arena_printf(cg->a, "stk_%u", size);

	for (size_t i = DMAP_NSTD; i < cg->obj->maps.len; i++)
		if (strcmp(cg->obj->maps.data[i].name, name) == 0)
			return (int)i;
	/* as many stacks as aggsize holds of them with their ids, as many
	 * as the aggregation map held keys of that stack before */
	uint64_t max = cg->opts->aggsize / (16 + size);

	if (max < 1)
		max = 1;
	if (max > (1u << 20))
		max = 1u << 20;
	struct dmap m = { .name = name, .type = BPF_MAP_TYPE_HASH,
			  .key_size = 16, .value_size = size,
			  .max_entries = (uint32_t)max };

	return dobj_add_map(cg->obj, &m);
}

/* The words of a stack value: the process id (ustack()), then frames. */
struct stackid_shape {
	int32_t buf;		/* the frames, at REG_DCTX + buf */
	int32_t key;		/* the id, at REG_DCTX + key */
	uint32_t lead;		/* words before the frames */
	uint32_t nframes;
};

/* The id's hash and depth, stored at key and key + 8. */
static void stackid_hash(struct cg *cg, const struct stackid_shape *sh)
{
	int h = ra_alloc(cg), p = ra_alloc(cg), w = ra_alloc(cg);
	int d = ra_alloc(cg), done = emit_label_new(cg->e);
	uint64_t bits = cg->opts->stackhashbits;

	emit_ld_imm64(cg->e, h, STACKID_SEED);
	emit_ld_imm64(cg->e, p, STACKID_PRIME);
	emit(cg->e, I_MOV64_IMM(d, 0));
	for (uint32_t i = 0; i < sh->lead + sh->nframes; i++) {
		emit(cg->e, I_LDX_MEM(BPF_DW, w, REG_DCTX,
				      sh->buf + 8 * (int32_t)i));
		if (i >= sh->lead)	/* the frames end at the first 0 */
			emit_jmp_imm(cg->e, BPF_JEQ, w, 0, done);
		emit(cg->e, I_ALU64_REG(BPF_XOR, h, w));
		emit(cg->e, I_ALU64_REG(BPF_MUL, h, p));
		if (i >= sh->lead)
			emit(cg->e, I_MOV64_IMM(d, (int32_t)(i - sh->lead + 1)));
	}
	emit_label_place(cg->e, done);
	emit(cg->e, I_MOV64_REG(w, h));
	emit(cg->e, I_ALU64_IMM(BPF_RSH, w, 32));
	emit(cg->e, I_ALU64_REG(BPF_XOR, h, w));
	if (bits < 64) {
		emit_ld_imm64(cg->e, p, bits ? ~0ULL >> (64 - bits) : 0);
		emit(cg->e, I_ALU64_REG(BPF_AND, h, p));
	}
	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, h, sh->key));
	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, d, sh->key + 8));
	ra_free(cg, h);
	ra_free(cg, p);
	ra_free(cg, w);
	ra_free(cg, d);
}

/* Jump to same if the side map's value at v holds the frames, else to
 * differ: the lead words, then the frames up to the id's depth. */
static void stackid_compare(struct cg *cg, const struct stackid_shape *sh,
			    int v, int same, int differ)
{
	int d = ra_alloc(cg), a = ra_alloc(cg), b = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_DW, d, REG_DCTX, sh->key + 8));
	for (uint32_t i = 0; i < sh->lead + sh->nframes; i++) {
		if (i >= sh->lead)
			emit_jmp_imm(cg->e, BPF_JLE, d,
				     (int32_t)(i - sh->lead), same);
		emit(cg->e, I_LDX_MEM(BPF_DW, a, v, 8 * (int16_t)i));
		emit(cg->e, I_LDX_MEM(BPF_DW, b, REG_DCTX,
				      sh->buf + 8 * (int32_t)i));
		emit_jmp_reg(cg->e, BPF_JNE, a, b, differ);
	}
	emit_ja(cg->e, same);
	ra_free(cg, d);
	ra_free(cg, a);
	ra_free(cg, b);
}

/*
 * One id tried: the side map's frames under it, inserted if none (the
 * insertion raced by another CPU's: theirs), then compared.  Jumps to
 * found when the id is the stack's, to drop when the side map is full,
 * and goes on when the id holds another stack.
 */
static void stackid_probe(struct cg *cg, const struct stackid_shape *sh,
			  int map, int found, int drop)
{
	int32_t s = (int32_t)offsetof(struct dctx, scratch);
	struct cg_arg la[] = { ARG_MAP(map), ARG_DCTX(sh->key - s) };
	struct cg_arg ua[] = { ARG_MAP(map), ARG_DCTX(sh->key - s),
			       ARG_DCTX(sh->buf - s), ARG_IMM(BPF_NOEXIST) };
	int next = emit_label_new(cg->e), cmp = emit_label_new(cg->e);
	int v = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);
	int r, v2;

	emit_jmp_imm(cg->e, BPF_JNE, v, 0, cmp);
	ra_free(cg, v);
	r = cg_call(cg, BPF_FUNC_map_update_elem, ua, 4, true);
	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, found);
	ra_free(cg, r);
	v2 = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);
	/* both paths must leave the pointer in the same register */
	if (v2 != v) {
		emit(cg->e, I_MOV64_REG(v, v2));
		ra_free(cg, v2);
		cg->busy |= 1u << v;
	}
	emit_jmp_imm(cg->e, BPF_JEQ, v, 0, drop);
	emit_label_place(cg->e, cmp);
	stackid_compare(cg, sh, v, found, next);
	ra_free(cg, v);
	emit_label_place(cg->e, next);
}

void cg_stackid_store(struct cg *cg, struct node *n, int32_t key,
		      const struct dval *v, int map, int drop)
{
	int32_t s = (int32_t)offsetof(struct dctx, scratch);
	struct stackid_shape sh = {
		.buf = s + (int32_t)cg_scratch(cg, v->size), .key = key,
		.lead = v->kind == DV_USTACK ? 1 : 0,
	};
	int found = emit_label_new(cg->e);

	sh.nframes = v->size / 8 - sh.lead;
	cg_symval_store(cg, n, sh.buf);
	stackid_hash(cg, &sh);
	for (int i = 0; i < CG_STACKID_PROBES; i++) {
		if (i > 0) {	/* the next hash value */
			int h = ra_alloc(cg);

			emit(cg->e, I_LDX_MEM(BPF_DW, h, REG_DCTX, key));
			emit(cg->e, I_ALU64_IMM(BPF_ADD, h, 1));
			emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, h, key));
			ra_free(cg, h);
		}
		stackid_probe(cg, &sh, map, found, drop);
	}
	emit_ja(cg->e, drop);	/* every id tried holds another stack */
	emit_label_place(cg->e, found);
}
