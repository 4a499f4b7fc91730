/*
 * FreeBSD's dtmalloc provider, as Linux can back it: kernel allocations
 * and frees by type, dtmalloc::TYPE:malloc and dtmalloc::TYPE:free, a
 * type being a slab cache (/proc/slabinfo's names: dentry, kmalloc-64).
 *
 *	kmem_cache_alloc (cache, object)	malloc of the cache
 *	kmalloc (object, sizes)			malloc of kmalloc-N, N the
 *						size it took: the tracepoint
 *						does not name the cache, so
 *						the -cg, -rcl, dma- and
 *						random variants count as the
 *						plain one
 *	kmem_cache_free (cache, object)		free of the cache
 *	kfree (object)				free of the cache the object
 *						was seen allocated from
 *
 * kfree carries only the pointer: where a free probe is enabled, its
 * cache's allocations remember their object's probe, size and cache in
 * an LRU map, which kfree reads and forgets.  An object allocated before
 * tracing began, or forgotten when the map was full, frees unseen.
 * kmallocs larger than the largest kmalloc cache come from the page
 * allocator and belong to no type.
 *
 * One program per tracepoint serves every enabled type: the cache's
 * name (or kmalloc's size) finds its probe ids in a hash map the
 * program is given.  Arguments: args[0] the cache (NULL for kmalloc and
 * for kfree of a kmalloc object), args[1] the object, args[2] the call
 * site, args[3] the size (requested, at a kmalloc; the cache's object
 * size otherwise), args[4] the allocation's gfp flags (0 at a free).
 * FreeBSD's argument types (struct malloc_type ...) do not exist here.
 */
#include <bpf/btf.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "../lib/kbtf.h"
#include "stp.h"

#define DTM_NAME	32	/* bytes of a cache name: the ids map's key */
#define DTM_OBJECTS	65536	/* objects remembered for kfree */
#define DTM_NARGS	5

enum dtm_tp { DTM_CACHE_ALLOC, DTM_KMALLOC, DTM_CACHE_FREE, DTM_KFREE };

static const char *const dtm_tps[] = {
	[DTM_CACHE_ALLOC] = "kmem_cache_alloc",
	[DTM_KMALLOC] = "kmalloc",
	[DTM_CACHE_FREE] = "kmem_cache_free",
	[DTM_KFREE] = "kfree",
};

/* the tracepoints' first arguments, as the programs read them */
static const char *const dtm_protos[][STP_NPROTO] = {
	[DTM_CACHE_ALLOC] = { "long unsigned int", "void *",
			      "struct kmem_cache *", "gfp_t" },
	[DTM_KMALLOC] = { "long unsigned int", "void *", "size_t", "size_t",
			  "gfp_t" },
	[DTM_CACHE_FREE] = { "long unsigned int", "void *",
			     "struct kmem_cache *" },
	[DTM_KFREE] = { "long unsigned int", "void *" },
};

/* the stack: the key, then what kfree found, kept for prologue_args */
#define FRAME_KEY	(-160)		/* DTM_NAME bytes */
#define FRAME_SAVE(i)	((int16_t)(-168 - 8 * (i)))

/* a type's probe, as enumerated and then resolved (probe.data) */
struct dtm_probe {
	uint64_t kmsize;	/* kmalloc-N: N; else 0 */
	uint32_t off_name, off_size;	/* struct kmem_cache members */
};

/* an attach point (struct attach data) */
struct dtm_at {
	enum dtm_tp tp;
	int ids;	/* cache name (or kmalloc size) -> struct dtm_ids */
	int objects;	/* object -> free probe, size, cache; or -1 */
	uint32_t off_name, off_size;
};

struct dtm_ids {
	uint32_t malloc_id, free_id;
};

/* "kmalloc-64", "kmalloc-8k": the size of a plain kmalloc cache, or 0 */
static uint64_t kmalloc_size(const char *name)
{
	char *end;
	unsigned long n;

	if (strncmp(name, "kmalloc-", 8) != 0)
		return 0;
	n = strtoul(name + 8, &end, 10);
	if (end == name + 8)
		return 0;
	if (*end == 'k') {
		n <<= 10;
		end++;
	}
	return *end ? 0 : n;
}

static int dtmalloc_enumerate(struct probe_table *tab);

static struct dtm_probe *dp_of(const struct probe *p)
{
	return (struct dtm_probe *)(uintptr_t)p->data;
}

static bool dtmalloc_usable(struct probe_table *tab, struct probe *p)
{
	const struct btf *btf = kbtf_vmlinux(probes_kbtf(tab));
	struct dtm_probe *dp = dp_of(p);
	uint8_t size;
	bool sign;

	if (!btf)
		return false;
	for (size_t i = 0; i < sizeof(dtm_tps) / sizeof(dtm_tps[0]); i++)
		if (!stp_btf_proto(btf, dtm_tps[i], dtm_protos[i]))
			return false;
	return stp_btf_member(btf, "kmem_cache", "name", &dp->off_name, &size,
			      &sign) &&
	       stp_btf_member(btf, "kmem_cache", "object_size", &dp->off_size,
			      &size, &sign) && size == 4;
}

static int dtmalloc_args(struct probe_table *tab, struct probe *p)
{
	static const char *const types[DTM_NARGS] = {
		"struct kmem_cache *", "void *", "void *", "size_t", "gfp_t",
	};
	struct probe_arg *args = arena_alloc(tab->arena,
					     sizeof(*args) * DTM_NARGS);

	for (int i = 0; i < DTM_NARGS; i++) {
		args[i].type = types[i];
		args[i].size = 8;
		args[i].expr = arena_printf(tab->arena, "(%s)arg%d", types[i], i);
	}
	p->args = args;
	p->nargs = DTM_NARGS;
	return 0;
}

static bool is_free(const struct probe *p)
{
	return strcmp(p->name, "free") == 0;
}

/* the ids of each enabled type: keyed by name, or by kmalloc size */
static int add_ids(struct dobj *obj, struct probe **probes, size_t n,
		   bool by_size)
{
	size_t ksize = by_size ? 8 : DTM_NAME, pair = ksize + sizeof(struct dtm_ids);
	uint8_t *init = arena_alloc(obj->arena, pair * (n ? n : 1));
	size_t used = 0;

	for (size_t i = 0; i < n; i++) {
		const struct probe *p = probes[i];
		uint64_t sz = dp_of(p)->kmsize;
		struct dtm_ids *ids = NULL;

		if (by_size && !sz)
			continue;
		for (size_t k = 0; k < used && !ids; k++) {
			uint8_t *e = init + k * pair;

			if (by_size ? memcmp(e, &sz, 8) == 0 :
				      strncmp((char *)e, p->func, DTM_NAME) == 0)
				ids = (struct dtm_ids *)(e + ksize);
		}
		if (!ids) {
			uint8_t *e = init + used++ * pair;

			if (by_size)
				memcpy(e, &sz, 8);
			else
				strncpy((char *)e, p->func, DTM_NAME - 1);
			ids = (struct dtm_ids *)(e + ksize);
		}
		if (is_free(p))
			ids->free_id = p->id;
		else
			ids->malloc_id = p->id;
	}
	if (!used)
		return -1;
	struct dmap m = {
		.name = by_size ? "dtmalloc_sizes" : "dtmalloc_names",
		.type = BPF_MAP_TYPE_HASH, .key_size = (uint32_t)ksize,
		.value_size = sizeof(struct dtm_ids),
		.max_entries = (uint32_t)used, .init = init,
		.init_size = (uint32_t)(used * pair), .freeze = true,
		.flags = BPF_F_RDONLY_PROG,
	};

	return dobj_add_map(obj, &m);
}

static void plan_tp(struct dobj *obj, enum dtm_tp tp, struct probe **probes,
		    size_t n, bool want_free, const struct dtm_at *proto,
		    struct attach_vec *out)
{
	VEC(struct probe *) mine = { 0 };

	for (size_t i = 0; i < n; i++)
		if (is_free(probes[i]) == want_free &&
		    (tp != DTM_KMALLOC || dp_of(probes[i])->kmsize))
			vec_push(&mine, probes[i]);
	struct attach *at = prov_attach_new(obj->arena, probes[0]->prov,
					    mine.data, mine.len,
					    BPF_PROG_TYPE_RAW_TRACEPOINT);
	struct dtm_at *d = arena_memdup(obj->arena, proto, sizeof(*d));

	vec_free(&mine);
	d->tp = tp;
	at->path = dtm_tps[tp];
	at->data = (uint64_t)(uintptr_t)d;
	at->kstack_skip = 1;
	at->keeps_state = false;
	prov_attach_push(out, at);
}

static int dtmalloc_plan(struct probe **probes, size_t n, struct dobj *obj,
			 struct attach_vec *out)
{
	struct dtm_at names = { .objects = -1 }, sizes;
	bool any_free = false;

	for (size_t i = 0; i < n; i++)
		any_free |= is_free(probes[i]);
	names.off_name = dp_of(probes[0])->off_name;
	names.off_size = dp_of(probes[0])->off_size;
	if (any_free) {
		struct dmap m = {
			.name = "dtmalloc_objs", .type = BPF_MAP_TYPE_LRU_HASH,
			.key_size = 8, .value_size = 24,
			.max_entries = DTM_OBJECTS,
		};

		names.objects = dobj_add_map(obj, &m);
	}
	sizes = names;
	names.ids = add_ids(obj, probes, n, false);
	sizes.ids = add_ids(obj, probes, n, true);
	plan_tp(obj, DTM_CACHE_ALLOC, probes, n, false, &names, out);
	if (sizes.ids >= 0)
		plan_tp(obj, DTM_KMALLOC, probes, n, false, &sizes, out);
	if (any_free) {
		plan_tp(obj, DTM_CACHE_FREE, probes, n, true, &names, out);
		plan_tp(obj, DTM_KFREE, probes, n, true, &names, out);
	}
	return 0;
}

static const struct dtm_at *da_of(const struct attach *at)
{
	return (const struct dtm_at *)(uintptr_t)at->data;
}

/* R0 = the word at FRAME + slot after reading size bytes from R3 there
 * (0 if unreadable: the helper zeroes its buffer on failure) */
static void read_slot(struct emit *e, int16_t slot, int size)
{
	emit(e, I_ST_MEM(BPF_DW, REG_FP, slot, 0));
	emit(e, I_MOV64_REG(R1, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R1, slot));
	emit(e, I_MOV64_IMM(R2, size));
	emit(e, I_CALL(BPF_FUNC_probe_read_kernel));
	emit(e, I_LDX_MEM(BPF_DW, R0, REG_FP, slot));
}

/* R0 = the cache's object size (R1-R5 clobbered) */
static void object_size(struct emit *e, const struct dtm_at *d)
{
	emit(e, I_LDX_MEM(BPF_DW, R3, R6, 16));
	emit(e, I_ALU64_IMM(BPF_ADD, R3, (int32_t)d->off_size));
	read_slot(e, FRAME_SAVE(5), 4);
}

/* the key: the cache's name (ctx[2]), zero-padded; out if none */
static void key_name(struct emit *e, const struct dtm_at *d, int out)
{
	for (int i = 0; i < DTM_NAME; i += 8)
		emit(e, I_ST_MEM(BPF_DW, REG_FP, FRAME_KEY + i, 0));
	emit(e, I_LDX_MEM(BPF_DW, R3, R6, 16));
	emit_jmp_imm(e, BPF_JEQ, R3, 0, out);
	emit(e, I_ALU64_IMM(BPF_ADD, R3, (int32_t)d->off_name));
	read_slot(e, FRAME_SAVE(0), 8);
	emit_jmp_imm(e, BPF_JEQ, R0, 0, out);
	emit(e, I_MOV64_REG(R3, R0));
	emit(e, I_MOV64_REG(R1, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R1, FRAME_KEY));
	emit(e, I_MOV64_IMM(R2, DTM_NAME));
	emit(e, I_CALL(BPF_FUNC_probe_read_kernel_str));
}

/* R0 = map[FRAME + slot] */
static void lookup(struct emit *e, int map, int16_t slot)
{
	emit_ld_map(e, R1, map);
	emit(e, I_MOV64_REG(R2, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, slot));
	emit(e, I_CALL(BPF_FUNC_map_lookup_elem));
}

static void forget(struct emit *e, int map)
{
	emit(e, I_LDX_MEM(BPF_DW, R1, R6, 8));
	emit(e, I_STX_MEM(BPF_DW, REG_FP, R1, FRAME_SAVE(4)));
	emit_ld_map(e, R1, map);
	emit(e, I_MOV64_REG(R2, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, FRAME_SAVE(4)));
	emit(e, I_CALL(BPF_FUNC_map_delete_elem));
}

/*
 * An allocation of a type whose free is enabled (R8: its ids): remember
 * object -> { free probe, size, cache } for kfree
 */
static void remember(struct emit *e, const struct dtm_at *d)
{
	int skip = emit_label_new(e);

	emit(e, I_LDX_MEM(BPF_W, R1, R8, offsetof(struct dtm_ids, free_id)));
	emit_jmp_imm(e, BPF_JEQ, R1, 0, skip);
	emit(e, I_STX_MEM(BPF_DW, REG_FP, R1, FRAME_SAVE(3)));
	if (d->tp == DTM_KMALLOC) {
		emit(e, I_LDX_MEM(BPF_DW, R0, R6, 24));	/* bytes_alloc */
		emit(e, I_ST_MEM(BPF_DW, REG_FP, FRAME_SAVE(1), 0));
	} else {
		object_size(e, d);
		emit(e, I_LDX_MEM(BPF_DW, R1, R6, 16));
		emit(e, I_STX_MEM(BPF_DW, REG_FP, R1, FRAME_SAVE(1)));
	}
	emit(e, I_STX_MEM(BPF_DW, REG_FP, R0, FRAME_SAVE(2)));
	emit(e, I_LDX_MEM(BPF_DW, R1, R6, 8));
	emit(e, I_STX_MEM(BPF_DW, REG_FP, R1, FRAME_SAVE(4)));
	emit_ld_map(e, R1, d->objects);
	emit(e, I_MOV64_REG(R2, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, FRAME_SAVE(4)));
	emit(e, I_MOV64_REG(R3, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R3, FRAME_SAVE(3)));
	emit(e, I_MOV64_IMM(R4, BPF_ANY));
	emit(e, I_CALL(BPF_FUNC_map_update_elem));
	emit_label_place(e, skip);
}

/* R7 = the probe id at offset off of the ids in R8; out if none */
static void take_id(const struct attach *at, struct emit *e, int off,
		    int out)
{
	emit(e, I_LDX_MEM(BPF_W, R7, R8, (int16_t)off));
	if (at->nprobes)
		emit_jmp_imm(e, BPF_JEQ, R7, 0, out);
}

static void dtmalloc_prologue_prid(const struct attach *at, struct emit *e,
				   int out)
{
	const struct dtm_at *d = da_of(at);

	switch (d->tp) {
	case DTM_CACHE_ALLOC: case DTM_KMALLOC:
		if (d->tp == DTM_KMALLOC) {
			emit(e, I_LDX_MEM(BPF_DW, R1, R6, 24));
			emit(e, I_STX_MEM(BPF_DW, REG_FP, R1, FRAME_KEY));
		} else {
			key_name(e, d, out);
		}
		lookup(e, d->ids, FRAME_KEY);
		emit_jmp_imm(e, BPF_JEQ, R0, 0, out);
		emit(e, I_MOV64_REG(R8, R0));
		if (d->objects >= 0)
			remember(e, d);
		take_id(at, e, offsetof(struct dtm_ids, malloc_id), out);
		break;
	case DTM_CACHE_FREE:
		forget(e, d->objects);
		key_name(e, d, out);
		lookup(e, d->ids, FRAME_KEY);
		emit_jmp_imm(e, BPF_JEQ, R0, 0, out);
		emit(e, I_MOV64_REG(R8, R0));
		take_id(at, e, offsetof(struct dtm_ids, free_id), out);
		break;
	case DTM_KFREE:
		emit(e, I_LDX_MEM(BPF_DW, R1, R6, 8));
		emit(e, I_STX_MEM(BPF_DW, REG_FP, R1, FRAME_SAVE(4)));
		lookup(e, d->objects, FRAME_SAVE(4));
		emit_jmp_imm(e, BPF_JEQ, R0, 0, out);
		for (int i = 0; i < 3; i++) {
			emit(e, I_LDX_MEM(BPF_DW, R1, R0, (int16_t)(8 * i)));
			emit(e, I_STX_MEM(BPF_DW, REG_FP, R1, FRAME_SAVE(3 - i)));
		}
		forget(e, d->objects);
		emit(e, I_LDX_MEM(BPF_DW, R7, REG_FP, FRAME_SAVE(3)));
		break;
	}
}

/* arg i: ctx word w, a saved slot, an object size, or 0 */
enum dtm_src { CTX0, CTX1, CTX2, CTX3, CTX4, SAVED_CACHE, SAVED_SIZE, OBJSIZE,
	       ZERO };

static void dtmalloc_prologue_args(const struct attach *at, struct emit *e,
				   int nargs)
{
	static const enum dtm_src src[][DTM_NARGS] = {
		[DTM_CACHE_ALLOC] = { CTX2, CTX1, CTX0, OBJSIZE, CTX3 },
		[DTM_KMALLOC] = { ZERO, CTX1, CTX0, CTX2, CTX4 },
		[DTM_CACHE_FREE] = { CTX2, CTX1, CTX0, OBJSIZE, ZERO },
		[DTM_KFREE] = { SAVED_CACHE, CTX1, CTX0, SAVED_SIZE, ZERO },
	};
	const struct dtm_at *d = da_of(at);

	for (int i = 0; i < nargs && i < DCTX_NARGS; i++) {
		enum dtm_src s = i < DTM_NARGS ? src[d->tp][i] : ZERO;

		if (s <= CTX4)
			emit(e, I_LDX_MEM(BPF_DW, R0, R6, (int16_t)(8 * s)));
		else if (s == SAVED_CACHE || s == SAVED_SIZE)
			emit(e, I_LDX_MEM(BPF_DW, R0, REG_FP,
					  FRAME_SAVE(s == SAVED_CACHE ? 1 : 2)));
		else if (s == OBJSIZE)
			object_size(e, d);
		else
			emit(e, I_MOV64_IMM(R0, 0));
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0, prov_argoff(i)));
	}
}

/* FreeBSD's dtmalloc attributes */
static const struct prov_attrs dtmalloc_attrs = {
	.provider = { STAB_STABLE, STAB_STABLE, CLS_COMMON },
	.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.name = { STAB_STABLE, STAB_STABLE, CLS_COMMON },
	.args = { STAB_STABLE, STAB_STABLE, CLS_COMMON },
};

static const char *const dtmalloc_names[] = { "malloc", "free", NULL };

const struct provider prov_dtmalloc = {
	.name = "dtmalloc",
	.names = dtmalloc_names,
	.attrs = &dtmalloc_attrs,
	.enumerate = dtmalloc_enumerate,
	.usable = dtmalloc_usable,
	.args = dtmalloc_args,
	.plan = dtmalloc_plan,
	.prologue_prid = dtmalloc_prologue_prid,
	.prologue_args = dtmalloc_prologue_args,
	.attach = prov_raw_tp_attach,
};

/* every slab cache's two probes, from /proc/slabinfo (root only) */
static int dtmalloc_enumerate(struct probe_table *tab)
{
	FILE *f = fopen("/proc/slabinfo", "re");
	char line[512], name[DTM_NAME + 1];

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#' || strncmp(line, "slabinfo", 8) == 0 ||
		    sscanf(line, "%32s", name) != 1 ||
		    strlen(name) >= DTM_NAME)
			continue;
		for (int k = 0; k < 2; k++) {
			struct probe *p = probes_add(tab, &prov_dtmalloc, "",
						     name, k ? "free" : "malloc");
			struct dtm_probe *dp = arena_alloc(tab->arena,
							   sizeof(*dp));

			dp->kmsize = kmalloc_size(name);
			p->data = (uint64_t)(uintptr_t)dp;
		}
	}
	fclose(f);
	return 0;
}
