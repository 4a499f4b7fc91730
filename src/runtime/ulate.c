/*
 * Libraries loaded while tracing.  The dynamic linker calls
 * _dl_debug_state() with _r_debug.r_state RT_CONSISTENT once a library
 * is mapped and before its initializers run (the debuggers' r_brk hook,
 * proc_rtld()).  A small program of ours on a uprobe there, one per -c
 * and -p process, writes the process id to a ring of its own and stops
 * the thread with SIGSTOP, so that nothing of the library runs before
 * its probes are in: the consumer then holds the process (proc_hold),
 * compiles the D program again (the probe descriptions now find the new
 * library's functions and SDT notes, as DTrace re-creates pid and USDT
 * probes at an rtld event), loads the programs that serve new probes
 * on the maps of the first compilation, so that aggregations, variables
 * and records are one, attaches only the new probes, and lets the
 * process go (proc_release).
 */
#include "ulate.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../codegen/dobj.h"
#include "../codegen/insn.h"
#include "../providers/provider.h"
#include "load.h"
#include "options.h"
#include "proc.h"

#define RT_CONSISTENT	0

struct ulate {
	struct ulate_conf conf;
	int ring, prog;			/* the hook's ring and program */
	struct attach hooks;		/* its uprobes, one per process */
	VEC(struct dobj *) objs;	/* the compilations since, loaded */
};

/*
 * The hook: r_state (its address is the cookie) RT_CONSISTENT, then the
 * process id to the ring and SIGSTOP to the thread.
 */
static int hook_load(int ring)
{
	const struct bpf_insn insns[] = {
		I_MOV64_REG(R6, R1),
		I_CALL(BPF_FUNC_get_attach_cookie),
		I_MOV64_REG(R3, R0),
		I_ST_MEM(BPF_W, R10, -8, 1),
		I_MOV64_REG(R1, R10),
		I_ALU64_IMM(BPF_ADD, R1, -8),
		I_MOV64_IMM(R2, 4),
		I_CALL(BPF_FUNC_probe_read_user),
		I_LDX_MEM(BPF_W, R1, R10, -8),
		I_JMP_IMM(BPF_JNE, R1, RT_CONSISTENT, 12),
		I_CALL(BPF_FUNC_get_current_pid_tgid),
		I_ALU64_IMM(BPF_RSH, R0, 32),
		I_STX_MEM(BPF_DW, R10, R0, -16),
		I_MAP_KEY_FP(ring, -16),
		I_MOV64_IMM(R3, 8),
		I_MOV64_IMM(R4, 0),
		I_CALL(BPF_FUNC_ringbuf_output),
		I_MOV64_IMM(R1, SIGSTOP),
		I_CALL(BPF_FUNC_send_signal_thread),
		I_MOV64_IMM(R0, 0),
		I_EXIT(),
	};

	return bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dtrace_rtld", "GPL",
			     insns, sizeof(insns) / sizeof(insns[0]), NULL);
}

/* Same name, type and sizes: o2's map idx can be o1's. */
static bool same_map(const struct dmap *a, const struct dmap *b)
{
	return strcmp(a->name, b->name) == 0 && a->type == b->type &&
	       a->key_size == b->key_size && a->value_size == b->value_size &&
	       a->max_entries == b->max_entries;
}

/*
 * o2's maps: those of the first compilation, but for the constant ones
 * (string table, probe descriptions), which are o2's own.
 */
static int share_maps(struct ulate *u, struct dobj *o2)
{
	const struct dobj *o1 = u->conf.obj;

	for (size_t i = 0; i < o2->maps.len; i++) {
		struct dmap *m = &o2->maps.data[i];

		if (m->freeze) {
			if (load_map(o2, (int)i, u->conf.opts, u->conf.err) < 0)
				return -1;
			continue;
		}
		if (i >= o1->maps.len || !same_map(m, &o1->maps.data[i]) ||
		    (m->fd = dup(o1->maps.data[i].fd)) < 0) {
			fprintf(u->conf.err, "dtrace: failed to enable the "
				"probes of a library loaded since: its program "
				"differs in map '%s'\n", m->name);
			return -1;
		}
	}
	return 0;
}

/*
 * o2's string table starts with the first compilation's (relink), and
 * the first's grows to it before o2's programs run: aggregation keys
 * kept as string-table offsets (dagg.kkeys) mean the same string
 * whichever compilation's program made them, and the consumer reads
 * them back from the first's.
 */
static int grow_strtab(struct ulate *u, struct dobj *o2)
{
	if (dobj_strtab_extend(u->conf.obj, o2) == 0)
		return 0;
	fprintf(u->conf.err, "dtrace: failed to enable the probes of a "
		"library loaded since: its string table is not the first "
		"program's extended\n");
	return -1;
}

static bool serves_new(const struct attach *at, uint32_t first)
{
	for (size_t i = 0; at && i < at->nprobes; i++)
		if (at->probes[i]->id >= first)
			return true;
	return false;
}

/* Load and attach o2's programs that serve probes made since first. */
static int attach_new(struct ulate *u, struct dobj *o2, uint32_t first)
{
	for (size_t i = 0; i < o2->progs.len; i++) {
		struct dprog *p = &o2->progs.data[i];
		int err;

		if (!serves_new(p->at, first) || !p->at->prov->attach)
			continue;
		if (load_prog(o2, i, u->conf.opts, u->conf.err) < 0)
			return -1;
		p->at->min_prid = first;
		err = p->at->prov->attach(p->at, p->fd);
		if (err < 0) {
			struct arena a = {0};

			fprintf(u->conf.err, "dtrace: failed to enable probe "
				"%s: %s\n", attach_desc(&a, p->at),
				p->at->why[0] ? p->at->why : strerror(-err));
			arena_free(&a);
			return -1;
		}
	}
	return 0;
}

/*
 * Process pid has mapped a library, or is a new process (ulate_exec): its
 * new probes, if any, attached; whether there were any.
 */
static bool library_loaded(struct ulate *u, int pid)
{
	struct probe_table *tab = u->conf.probes;
	uint32_t first = probes_next_id(tab);
	bool found = false;
	struct dobj *o2;

	if (proc_hold(u->conf.procs, pid) < 0)
		return false;
	uproc_forget(tab, pid);
	o2 = u->conf.relink(u->conf.arg, u->conf.obj);
	if (o2) {
		vec_push(&u->objs, o2);
		load_init(o2);
		found = probes_next_id(tab) > first;
		if (found && grow_strtab(u, o2) == 0 &&
		    share_maps(u, o2) == 0)
			attach_new(u, o2, first);
	}
	proc_release(u->conf.procs, pid);
	return found;
}

bool ulate_exec(struct ulate *u, int pid)
{
	return library_loaded(u, pid);
}

static int on_load(void *ctx, void *data, size_t size)
{
	uint64_t pid;

	if (size >= sizeof(pid)) {
		memcpy(&pid, data, sizeof(pid));
		library_loaded(ctx, (int)pid);
	}
	return 0;
}

int ulate_open(const struct ulate_conf *conf, struct ring_buffer *rb,
	       struct ulate **out)
{
	struct ulate *u;

	*out = NULL;
	if (!conf->obj->late || !rb || !conf->relink)
		return 0;
	u = xcalloc(1, sizeof(*u));
	u->conf = *conf;
	u->prog = u->ring = -1;
	*out = u;	/* for new processes (ulate_exec), if no more */
	if (!conf->procs || !conf->procs->v.len)
		return 0;
	u->ring = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "dt_uload", 0, 0, 4096,
				 NULL);
	if (u->ring >= 0)
		u->prog = hook_load(u->ring);
	if (u->ring < 0 || u->prog < 0 ||
	    ring_buffer__add(rb, u->ring, on_load, u) < 0)
		return 0;	/* probes of later libraries are missed */
	for (size_t i = 0; i < conf->procs->v.len; i++) {
		const struct proc *p = &conf->procs->v.data[i];
		struct proc_rtld r;

		if (p->live && proc_rtld(p->pid, &r) == 0)
			uprobe_attach_one(&u->hooks, r.path, r.brk_off, p->pid,
					  r.state_addr, u->prog);
	}
	return 0;
}

size_t ulate_nobjs(const struct ulate *u)
{
	return u ? u->objs.len : 0;
}

struct dobj *ulate_obj(const struct ulate *u, size_t i)
{
	return u->objs.data[i];
}

void ulate_close(struct ulate *u)
{
	if (!u)
		return;
	attach_close(&u->hooks);
	for (size_t i = 0; i < u->objs.len; i++) {
		struct dobj *o = u->objs.data[i];

		for (size_t j = 0; j < o->progs.len; j++)
			if (o->progs.data[j].at)
				attach_close(o->progs.data[j].at);
		load_unload(o);
		u->conf.unlink(u->conf.arg, o);
	}
	vec_free(&u->objs);
	if (u->prog >= 0)
		close(u->prog);
	if (u->ring >= 0)
		close(u->ring);
	free(u);
}
