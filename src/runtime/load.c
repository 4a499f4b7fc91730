/*
 * Loading: the compiled program's maps are created with bpf_map_create
 * and its programs loaded with bpf_prog_load, after every map reference
 * (a 64-bit immediate load whose imm holds the map's index in the dobj)
 * is patched to the map's fd.  A program is first loaded without a
 * verifier log, which is fast; only when the verifier rejects it is it
 * loaded again with a log, to say why.
 */
#include "load.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "../codegen/dobj.h"
#include "../codegen/insn.h"
#include "../providers/provider.h"
#include "../lib/arena.h"
#include "../lib/memcheck.h"
#include "debug.h"
#include "kvers.h"
#include "options.h"
#include "oserr.h"

#define LOG_SIZE_MIN	(1u << 20)
#define LOG_SIZE_MAX	(1u << 30)

uint32_t load_ringbuf_size(const struct dobj *obj, const struct dopts *opts)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t size = page, bufsize = opts->bufsize;

	/* Aggregations alone write to the ring only when a firing faults:
	 * bufsize there would hold nothing, and the consumer's mapping of
	 * the ring counts twice in its resident memory (8 MB for 4m). */
	if (obj && !obj->records && !opts->bufsize_set)
		bufsize = LOAD_QUIET_RING;

	/* Under bufpolicy=fill each CPU's bufsize is counted as DTrace lays
	 * records out (codegen/cg_fill.c); bdtrace's records (a 16-byte
	 * header, the ring's own 8) take up to four times that room, so the
	 * ring is that much larger and DTrace's count is what fills first. */
	if (opts->bufpolicy && strcmp(opts->bufpolicy, "fill") == 0)
		bufsize *= 4;
	/* The kernel wants a power-of-two multiple of the page size. */
	while (size < bufsize && size < (1ULL << 31))
		size <<= 1;
	return (uint32_t)size;
}

/* BPF object names allow [A-Za-z0-9_.] and 15 characters. */
static void bpf_name(char *out, const char *name)
{
	size_t i = 0;

	for (; name && name[i] && i < BPF_OBJ_NAME_LEN - 1; i++) {
		char c = name[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			  (c >= '0' && c <= '9') || c == '_' || c == '.';

		out[i] = ok ? c : '_';
	}
	out[i] = '\0';
}

static bool is_percpu(uint32_t type)
{
	return type == BPF_MAP_TYPE_PERCPU_ARRAY ||
	       type == BPF_MAP_TYPE_PERCPU_HASH ||
	       type == BPF_MAP_TYPE_LRU_PERCPU_HASH;
}

/* Write init into element 0 (every CPU's copy of a per-CPU map). */
/* a hash map's entries: (key, value) pairs, one after the other */
static int map_init_hash(const struct dmap *m, const char *init, size_t size)
{
	size_t pair = (size_t)m->key_size + m->value_size;

	for (size_t off = 0; off + pair <= size; off += pair)
		if (bpf_map_update_elem(m->fd, init + off,
					init + off + m->key_size, BPF_ANY) < 0)
			return -errno;
	return 0;
}

static int map_init(const struct dmap *m, const void *init, size_t size)
{
	size_t stride = is_percpu(m->type) ? (m->value_size + 7) & ~7u
					   : m->value_size;
	int ncpu = is_percpu(m->type) ? libbpf_num_possible_cpus() : 1;
	uint32_t key = 0;
	char *val;
	int err;

	if (m->type == BPF_MAP_TYPE_HASH)
		return map_init_hash(m, init, size);
	if (ncpu <= 0)
		return ncpu ? ncpu : -EINVAL;
	if (size > m->value_size)
		size = m->value_size;
	val = xcalloc((size_t)ncpu, stride);
	for (int c = 0; c < ncpu; c++)
		memcpy(val + (size_t)c * stride, init, size);
	err = bpf_map_update_elem(m->fd, &key, val, BPF_ANY);
	free(val);
	return err < 0 ? -errno : 0;
}

static int map_create(struct dobj *obj, int idx, const struct dopts *opts)
{
	struct dmap *m = &obj->maps.data[idx];
	LIBBPF_OPTS(bpf_map_create_opts, mo, .map_flags = m->flags);
	const void *init = m->init;
	size_t init_size = m->init_size;
	uint32_t max = m->max_entries;
	char name[BPF_OBJ_NAME_LEN];
	int fd, err;

	bpf_name(name, m->name);
	if (m->type == BPF_MAP_TYPE_RINGBUF)
		max = load_ringbuf_size(obj, opts);
	fd = bpf_map_create(m->type, name, m->key_size, m->value_size, max,
			    &mo);
	if (fd < 0)
		return -errno;
	m->fd = fd;
	/* The string table may be left to the runtime to fill in. */
	if (!init && idx == DMAP_STRTAB && obj->strtab.len) {
		init = obj->strtab.data;
		init_size = obj->strtab.len;
	}
	if (init && (err = map_init(m, init, init_size)) < 0)
		return err;
	if (m->freeze && bpf_map_freeze(fd) < 0)
		return -errno;
	return 0;
}

/* The option whose value sizes m, for a failure's message; or NULL. */
static const char *map_option(const struct dmap *m)
{
	if (m->type == BPF_MAP_TYPE_RINGBUF)
		return "bufsize";
	if (strncmp(m->name, "agg_", 4) == 0)
		return "aggsize";
	if (strncmp(m->name, "dvs_", 4) == 0 ||
	    strncmp(m->name, "dva_", 4) == 0)
		return "dynvarsize";
	if (strcmp(m->name, "dt_spec") == 0)
		return "specsize";
	return NULL;
}

int load_map(struct dobj *obj, int idx, const struct dopts *opts,
	     FILE *errfp)
{
	const struct dmap *m = &obj->maps.data[idx];
	int err = map_create(obj, idx, opts);
	uint64_t bytes;
	char why[256];
	struct utsname u;

	if (err == -EINVAL && uname(&u) == 0 &&
	    kvers_map_words(m->type, u.release, why, sizeof(why))) {
		fprintf(errfp, "dtrace: failed to create map '%s': %s\n",
			m->name, why);
		return err;
	}
	if (err < 0) {
		bytes = m->type == BPF_MAP_TYPE_RINGBUF ?
			load_ringbuf_size(obj, opts) :
			(uint64_t)(m->key_size + m->value_size) *
			m->max_entries;
		fprintf(errfp, "dtrace: failed to create map '%s': %s\n",
			m->name, oserr_map_str(-err, bytes, map_option(m), why,
					       sizeof(why)));
	}
	return err;
}

int load_maps(struct dobj *obj, const struct dopts *opts, FILE *errfp)
{
	for (size_t i = 0; i < obj->maps.len; i++) {
		int err = load_map(obj, (int)i, opts, errfp);

		if (err < 0)
			return err;
	}
	return 0;
}

int load_patch_maps(struct bpf_insn *insns, size_t n, const struct dobj *obj)
{
	for (size_t i = 0; i < n; i++) {
		struct bpf_insn *in = &insns[i];

		if (in->code != (BPF_LD | BPF_IMM | BPF_DW))
			continue;
		if (in->src_reg == BPF_PSEUDO_MAP_FD ||
		    in->src_reg == BPF_PSEUDO_MAP_VALUE) {
			if (in->imm < 0 || (size_t)in->imm >= obj->maps.len ||
			    obj->maps.data[in->imm].fd < 0)
				return -EINVAL;
			in->imm = obj->maps.data[in->imm].fd;
		}
		i++;	/* the second half of the 16-byte instruction */
	}
	return 0;
}

void load_redirect_map(struct bpf_insn *insns, size_t n, int from, int to)
{
	for (size_t i = 0; i < n; i++) {
		struct bpf_insn *in = &insns[i];

		if (in->code != (BPF_LD | BPF_IMM | BPF_DW))
			continue;
		if ((in->src_reg == BPF_PSEUDO_MAP_FD ||
		     in->src_reg == BPF_PSEUDO_MAP_VALUE) && in->imm == from)
			in->imm = to;
		i++;
	}
}

static bool log_noise(const char *line, size_t len)
{
	static const char *const noise[] = {
		"processed ", "stack depth", "verification time",
		"max_states_per_insn", "peak_states", "mark_read",
		"-- END PROG LOAD LOG --",
	};

	if (len == 0)
		return true;
	for (size_t i = 0; i < sizeof(noise) / sizeof(noise[0]); i++)
		if (strncmp(line, noise[i], strlen(noise[i])) == 0)
			return true;
	return false;
}

/* "12: (79) r1 = ..." -> 12; -1 if the line is not an instruction */
static int log_insn_index(const char *line, size_t len)
{
	size_t i = 0;
	int n = 0;

	while (i < len && line[i] >= '0' && line[i] <= '9')
		n = n * 10 + (line[i++] - '0');
	if (i == 0 || i + 2 >= len || line[i] != ':' || line[i + 1] != ' ' ||
	    line[i + 2] != '(')
		return -1;
	return n;
}

int load_log_reason(const char *log, char *buf, size_t len)
{
	const char *reason = NULL, *p = log;
	size_t rlen = 0;
	int insn = -1;

	/* Scan forward: the reason is the last meaningful line, and the
	 * instruction it refers to is the last one listed before it. */
	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t l = nl ? (size_t)(nl - p) : strlen(p);
		int idx = log_insn_index(p, l);

		if (idx >= 0) {
			insn = idx;
		} else if (!log_noise(p, l)) {
			reason = p;
			rlen = l;
		}
		p = nl ? nl + 1 : NULL;
	}
	if (!reason) {
		snprintf(buf, len, "rejected by the BPF verifier");
		return insn;
	}
	snprintf(buf, len, "%.*s", (int)rlen, reason);
	return insn;
}

/*
 * The verifier's common complaints, in words.  Each is something a valid
 * D program should never cause (the code generator is at fault), so the
 * words say what the code did rather than what the user should change.
 */
static const struct {
	const char *needle;
	const char *words;
} verifier_words[] = {
	{ "invalid mem access", "reads memory through an invalid pointer" },
	{ "R0 !read_ok", "returns without setting a return value" },
	{ "!read_ok", "reads a register that was never set" },
	{ "invalid access to map value",
	  "reads or writes past the end of a map value" },
	{ "map_value_or_null",
	  "uses a map lookup's result without checking it for NULL" },
	{ "min value is negative", "accesses memory at an offset that may "
	  "be negative" },
	{ "unbounded memory access", "accesses memory at an offset with no "
	  "upper bound" },
	{ "back-edge", "contains a loop" },
	{ "infinite loop", "contains a loop that may never end" },
	{ "program is too large", "is too large for the verifier" },
	{ "jumps is too complex", "has too many branches to verify" },
	{ "unreachable insn", "contains unreachable instructions" },
	{ "jump out of range", "jumps outside the program" },
	{ "misaligned", "makes a misaligned memory access" },
	{ "invalid indirect read from stack", "passes uninitialised stack "
	  "memory to a helper" },
	{ "invalid read from stack", "reads uninitialised stack memory" },
	{ "combined stack size", "uses too much stack" },
	{ "unknown func", "calls a helper this kernel does not have" },
	{ "cannot call", "calls a helper not allowed for this program type" },
	{ "invalid size of register", "stores a value of the wrong size" },
	{ "pointer arithmetic", "does arithmetic the verifier forbids on a "
	  "pointer" },
	{ "leaks addr", "leaks a kernel address" },
	{ "invalid func", "calls an unknown function" },
	{ "too many subprograms", "holds more loops than the kernel takes "
	  "in the program of one probe (without may_goto, which came in "
	  "Linux 6.9, each string loop is a function of its own, and a "
	  "program holds at most 256 functions)" },
};

const char *load_verifier_words(const char *reason)
{
	for (size_t i = 0; i < sizeof(verifier_words) /
			       sizeof(verifier_words[0]); i++)
		if (strstr(reason, verifier_words[i].needle))
			return verifier_words[i].words;
	return NULL;
}

const struct dline *load_find_line(const struct dprog *p, int insn)
{
	const struct dline *found = NULL;

	if (insn < 0)
		return NULL;
	for (size_t i = 0; i < p->nlines; i++) {
		if (p->lines[i].insn > (uint32_t)insn)
			break;
		found = &p->lines[i];
	}
	return found;
}

static void print_where(const struct dobj *obj, const struct dprog *p,
			const struct dline *l, FILE *errfp)
{
	const struct dstmt *st = obj->stmts.len == 1 ? &obj->stmts.data[0]
						     : NULL;
	const struct srcloc *cl = NULL;

	if (l && l->epid && l->epid <= obj->stmts.len)
		cl = &obj->stmts.data[l->epid - 1].loc;
	else if (!l && st)
		cl = &st->loc;
	if (cl && cl->src) {
		fprintf(errfp, "dtrace: failed to load program for clause at "
			"%s:%d", cl->src->name, cl->line);
		if (l && l->action && l->loc.src)
			fprintf(errfp, " (statement %d, line %d)", l->action,
				l->loc.line);
		else if (l && l->epid)
			fprintf(errfp, " (predicate)");
	} else if (p->at && p->at->nprobes) {
		struct arena a = {0};

		fprintf(errfp, "dtrace: failed to load program for probe %s",
			attach_desc(&a, p->at));
		arena_free(&a);
		if (l)
			fprintf(errfp, " (its prologue)");
	} else {
		fprintf(errfp, "dtrace: failed to load program %s", p->name);
	}
}

/*
 * Where to point the user: the clause and statement the failing
 * instruction was generated for, if the line table tells; else the
 * only clause; else the probe.  Then why, in words where they are known.
 */
static void print_load_error(const struct dobj *obj, const struct dprog *p,
			     const char *reason, int insn, FILE *errfp)
{
	const char *words = load_verifier_words(reason);
	char helper[160];
	struct utsname u;

	print_where(obj, p, load_find_line(p, insn), errfp);
	/* a helper this kernel is too old for: which, and the release */
	if (uname(&u) == 0 &&
	    kvers_helper_words(reason, u.release, helper, sizeof(helper)))
		words = helper;
	if (words)
		fprintf(errfp, ": the generated code %s (verifier: %s)", words,
			reason);
	else
		fprintf(errfp, ": %s", reason);
	if (insn >= 0)
		fprintf(errfp, " (instruction %d)", insn);
	fputc('\n', errfp);
}

static int prog_load(const struct dprog *p, const struct bpf_insn *insns,
		     char *log, uint32_t log_size, uint32_t log_level)
{
	char name[BPF_OBJ_NAME_LEN];
	LIBBPF_OPTS(bpf_prog_load_opts, po,
		    .expected_attach_type = p->attach_type,
		    .prog_flags = p->sleepable ? BPF_F_SLEEPABLE : 0,
		    .log_buf = log, .log_size = log ? log_size : 0,
		    .log_level = log ? log_level : 0);
	struct load_funcs lf;
	int btf_fd = -1, fd;

	/* a program typed by its target (fentry): the target's BTF id,
	 * in its module's BTF object when it is not in vmlinux */
	if (p->at && p->at->btf_id) {
		po.attach_btf_id = p->at->btf_id;
		if (p->at->btf_mod && strcmp(p->at->btf_mod, "vmlinux")) {
			btf_fd = prov_btf_obj_fd(p->at->btf_mod);
			if (btf_fd < 0)
				return btf_fd;
			po.attach_btf_obj_fd = (uint32_t)btf_fd;
		}
	}
	fd = load_funcs_get(insns, p->ninsns, &lf);
	if (fd < 0) {
		if (btf_fd >= 0)
			close(btf_fd);
		return fd;
	}
	if (lf.n) {
		po.prog_btf_fd = lf.btf_fd;
		po.func_info = lf.info;
		po.func_info_cnt = lf.n;
		po.func_info_rec_size = sizeof(*lf.info);
	}
	bpf_name(name, p->name);
	fd = bpf_prog_load(p->prog_type, name, "GPL", insns, p->ninsns, &po);
	if (fd < 0)
		fd = -errno;
	if (log)	/* the verifier's log, which valgrind does not follow */
		mc_defined(log, log_size);
	load_funcs_free(&lf);
	if (btf_fd >= 0)
		close(btf_fd);
	return fd;
}

/* the instruction referring to the first function past the kernel's
 * cap (LOAD_FUNCS_MAX), or -1 */
static int funcs_over(const struct bpf_insn *insns, size_t n)
{
	struct load_funcs lf;
	int over = load_funcs_get(insns, n, &lf) < 0 ? -1 : lf.over;

	load_funcs_free(&lf);
	return over;
}

/* Load again with a verifier log, growing it until the log fits. */
static int explain_failure(const struct dobj *obj, const struct dprog *p,
			   const struct bpf_insn *insns, int err, FILE *errfp)
{
	uint32_t size = LOG_SIZE_MIN;
	char *log = NULL, reason[256];
	int fd, insn = -1;

	for (;;) {
		log = xrealloc(log, size);
		log[0] = '\0';
		fd = prog_load(p, insns, log, size, 1);
		if (fd != -ENOSPC || size >= LOG_SIZE_MAX)
			break;
		size <<= 1;
	}
	if (fd >= 0) {		/* passed this time: report the first error */
		close(fd);
		log[0] = '\0';
	}
	if (log[0])
		insn = load_log_reason(log, reason, sizeof(reason));
	else
		oserr_str(-err, reason, sizeof(reason));
	/* the verifier names no instruction here: point at the loop
	 * whose function was one too many */
	if (insn < 0 && strstr(reason, "too many subprograms"))
		insn = funcs_over(insns, p->ninsns);
	print_load_error(obj, p, reason, insn, errfp);
	free(log);
	return err;
}

/* The verifier's log, each line marked as DTrace marks it. */
static void print_log(const char *log, FILE *errfp)
{
	while (*log) {
		size_t n = strcspn(log, "\n");

		fprintf(errfp, "BPF: %.*s\n", (int)n, log);
		log += n + (log[n] == '\n');
	}
}

/*
 * -x bpflog: every program is loaded with a verifier log of bpflogsize
 * bytes (statistics and states included), which is printed whether the
 * program loads or not, after the reason it did not.
 */
static int load_logged(const struct dobj *obj, const struct dprog *p,
		       const struct bpf_insn *insns, const struct dopts *opts,
		       FILE *errfp)
{
	uint32_t size = opts->bpflogsize > UINT32_MAX ? UINT32_MAX
						       : (uint32_t)opts->bpflogsize;
	char *log = xcalloc(1, size ? size : 1), reason[256];
	int fd = prog_load(p, insns, log, size, 1 | 2 | 4);

	if (fd == -ENOSPC) {
		fprintf(errfp, "BPF verifier log is incomplete and is not "
			"reported.\nSet DTrace option 'bpflogsize' to some "
			"greater size for more output.\n(Current size is "
			"%u.)\n", size);
		print_load_error(obj, p, strerror(ENOSPC), -1, errfp);
	} else {
		int insn = -1;

		snprintf(reason, sizeof(reason), "%s", strerror(-fd));
		if (fd < 0 && log[0])
			insn = load_log_reason(log, reason, sizeof(reason));
		if (fd < 0)
			print_load_error(obj, p, reason, insn, errfp);
		print_log(log, errfp);
	}
	free(log);
	return fd;
}

/*
 * Linux before 6.0 refuses sleepable uprobe programs (EINVAL).  The only
 * sleepable program is the fault-in program of a uprobe's deferred
 * copies (codegen/cg_defer.c); without it the replay still runs, and a
 * copy of memory not paged in is DTrace's "invalid address", as with
 * -x nodefer.  So it is left out rather than refused.  BDT_SLEEPABLE=0
 * makes any kernel refuse it, to test this path.
 */
static bool sleepable_refused(const struct dprog *p, int fd)
{
	const char *env = getenv("BDT_SLEEPABLE");

	return p->sleepable &&
	       (fd == -EINVAL || (env && strcmp(env, "0") == 0));
}

int load_prog(struct dobj *obj, size_t i, const struct dopts *opts,
	      FILE *errfp)
{
	struct dprog *p = &obj->progs.data[i];
	struct bpf_insn *insns;
	int fd;

	insns = xmalloc(p->ninsns * sizeof(*insns));
	memcpy(insns, p->insns, p->ninsns * sizeof(*insns));
	fd = load_patch_maps(insns, p->ninsns, obj);
	if (fd == 0 && sleepable_refused(p, 0))
		fd = -EINVAL;
	else if (fd == 0 && opts->bpflog)
		fd = load_logged(obj, p, insns, opts, errfp);
	else if (fd == 0 && (fd = prog_load(p, insns, NULL, 0, 0)) < 0 &&
		 !sleepable_refused(p, fd))
		fd = explain_failure(obj, p, insns, fd, errfp);
	free(insns);
	if (fd < 0 && sleepable_refused(p, fd)) {
		debug_printf(opts, "program %s left out: this kernel refuses "
			     "sleepable uprobe programs (Linux 6.0 takes "
			     "them); user memory not paged in is not "
			     "faulted in", p->name);
		return 0;
	}
	if (fd < 0) {
		debug_printf(opts, "program %s did not load: %s", p->name,
			     strerror(-fd));
		return fd;
	}
	debug_printf(opts, "program %s loaded: %zu instructions", p->name,
		     p->ninsns);
	p->fd = fd;
	return 0;
}

int load_progs(struct dobj *obj, const struct dopts *opts, FILE *errfp)
{
	for (size_t i = 0; i < obj->progs.len; i++) {
		int err = load_prog(obj, i, opts, errfp);

		if (err < 0)
			return err;
	}
	return 0;
}

void load_init(struct dobj *obj)
{
	for (size_t i = 0; i < obj->progs.len; i++)
		obj->progs.data[i].fd = -1;
}

void load_unload(struct dobj *obj)
{
	for (size_t i = 0; i < obj->progs.len; i++) {
		if (obj->progs.data[i].fd >= 0)
			close(obj->progs.data[i].fd);
		obj->progs.data[i].fd = -1;
	}
	for (size_t i = 0; i < obj->maps.len; i++) {
		if (obj->maps.data[i].fd >= 0)
			close(obj->maps.data[i].fd);
		obj->maps.data[i].fd = -1;
	}
}
