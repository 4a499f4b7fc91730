/*
 * The tracing session: owns the loaded program's kernel objects (maps,
 * programs, attachments, the ring-buffer consumer) and runs the life of
 * a D program as dtrace(1M) does: BEGIN first, then every other probe,
 * records consumed as they arrive with drops reported every statusrate,
 * and at the end END, the last records and the aggregations.
 */
#include "session.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../codegen/dobj.h"
#include "../lib/memcheck.h"
#include "../providers/provider.h"
#include "agg.h"
#include "bufpol.h"
#include "consume.h"
#include "debug.h"
#include "fmt.h"
#include "load.h"
#include "options.h"
#include "oserr.h"
#include "spec.h"
#include "proc.h"
#include "sym.h"
#include "ufork.h"
#include "ulate.h"

/* SIGINT/SIGTERM seen; the only process-wide state (signals are). */
static volatile sig_atomic_t session_signals;

struct session {
	struct session_conf conf;
	struct consumer cons;
	struct syms syms;		/* kernel and user symbols (sym.c) */
	struct ring_buffer *rb;
	struct ring_buffer *erb;	/* the ERROR program's own ring */
	int ncpu;
	uint64_t *drops;	/* [DSTAT_COUNT][ncpu]: already reported */
	uint64_t dblerrors;	/* cons.dblerrors already reported */
	uint64_t next_status;	/* CLOCK_MONOTONIC ns of the next check */
	uint64_t next_switch;	/* of the next read, under -x switchrate */
	bool switch_hold;	/* -x switchrate: records wait in swq */
	struct ringq swq;
	bool loaded, started, stopped;
	int bad_record;		/* a record did not match: -EINVAL */
	struct sigaction old_int, old_term;
	bool handlers;
	/* bufpolicy ring and fill, speculation, destructive actions */
	bool fill;		/* read nothing until tracing stops */
	bool ring_hold;		/* hold records in rq until the end */
	struct ringq *rq;	/* [ncpu]: each CPU's buffer holds bufsize */
	struct ulate *ulate;	/* libraries the processes load (ulate.c) */
	struct ufork *ufork;	/* the children they fork (ufork.c) */
	struct spec_slot *spec;	/* the speculation map, mmapped */
	uint64_t spec_lost;	/* committed records dropped (spec_sweep) */
	size_t spec_len;
	FILE *orig_out;		/* conf.out before freopen() */
	bool write_failed;	/* the output error is reported */
};

static void on_signal(int sig)
{
	(void)sig;
	if (session_signals < 2)
		session_signals++;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* a -c command at its exit: read its modules once more (proc.h) */
static void preload_at_exit(void *ctx, pid_t pid)
{
	syms_preload(ctx, (uint64_t)pid);
}

int session__open(const struct session_conf *conf, struct session **out)
{
	struct session *s = xcalloc(1, sizeof(*s));
	char msg[512];
	int err;

	*out = NULL;
	s->conf = *conf;
	load_init(conf->obj);
	s->ncpu = libbpf_num_possible_cpus();
	if (s->ncpu <= 0) {
		err = s->ncpu ? s->ncpu : -EINVAL;
		fprintf(conf->err, "dtrace: cannot count the CPUs: %s\n",
			strerror(-err));
		free(s);
		return err;
	}
	s->drops = xcalloc((size_t)DSTAT_COUNT * (size_t)s->ncpu,
			   sizeof(*s->drops));
	syms_init(&s->syms, (int)conf->opts->stackindent);
	s->syms.fs.target = (uint64_t)proc_target(conf->procs);
	s->syms.fs.text = conf->opts->rawstrings ? FMT_TEXT_RAW : FMT_TEXT_SAFE;
	s->syms.fs.noresolve = conf->opts->noresolve;
	if (s->syms.fs.target)
		syms_preload(&s->syms, s->syms.fs.target);
	if (conf->procs) {
		conf->procs->at_exit = preload_at_exit;
		conf->procs->at_exit_ctx = &s->syms;
	}
	err = consume_init(&s->cons, conf->obj, conf->probes, conf->opts,
			   msg, sizeof(msg));
	if (err < 0) {
		fprintf(conf->err, "%s\n", msg);
		session__close(s);
		return err;
	}
	s->cons.syms = syms_fmt(&s->syms);
	*out = s;
	return 0;
}

/*
 * Output is written out once this much has gathered within one read of
 * the ring buffer: a producer as fast as the consumer keeps one
 * ring_buffer__consume() going for seconds, and the text of all it read
 * would otherwise sit in memory (tens of megabytes) and reach the reader
 * late.
 */
#define OUT_FLUSH_BYTES	(64 * 1024)

static int fire_error(struct session *s);
static int flush_output(struct session *s);
static int set_state(struct session *s, enum dstate state);
static bool draining(struct session *s);

static int on_record(void *ctx, void *data, size_t size)
{
	struct session *s = ctx;
	const struct rec_hdr *h = data;

	if (session_signals >= 2)	/* impatient: stop at once */
		return 0;
	if (s->ring_hold && size >= sizeof(*h) && h->cpu < (uint32_t)s->ncpu)
		return ringq_push(&s->rq[h->cpu], data, size,
				  bufpol_room(s->conf.obj, data, size));
	if (s->switch_hold)
		return ringq_push(&s->swq, data, size, size);
	if (consume_record(&s->cons, data, size) < 0) {
		fprintf(s->conf.err, "dtrace: processing aborted: record "
			"(epid %u, %zu bytes) does not match its statement\n",
			size >= sizeof(*h) ? h->epid : 0, size);
		s->bad_record = -EINVAL;
		return -EINVAL;
	}
	if (s->cons.fault_pending)
		return fire_error(s);
	if (s->cons.out.len >= OUT_FLUSH_BYTES)
		return flush_output(s);
	return 0;
}

static struct dprog *fired_prog(struct session *s, const char *name);

/*
 * The ERROR program writes to a ring buffer of its own, which the session
 * reads as soon as it has fired ERROR for a fault record: so ERROR's
 * output comes where the fault happened, before the records that follow
 * it in the main ring (the rest of the faulting firing, an exit()), as
 * when DTrace fires ERROR at the fault.  Returns the new map's index.
 */
static int add_error_ring(struct session *s)
{
	struct dobj *obj = s->conf.obj;
	struct dprog *p = fired_prog(s, "ERROR");
	struct dmap m = { .name = "dt_errring", .type = BPF_MAP_TYPE_RINGBUF,
			  .max_entries = 4096 };
	int idx;

	if (!p || obj->maps.len <= DMAP_RINGBUF)
		return -1;
	idx = dobj_add_map(obj, &m);
	load_redirect_map(p->insns, p->ninsns, DMAP_RINGBUF, idx);
	return idx;
}


/* The consumer's hooks: destructive actions and speculations (destr.c,
 * spec.c), each after the output before it is written out. */
static int hook_system(void *arg, const char *cmd)
{
	struct session *s = arg;

	flush_output(s);
	return destr_system(s->conf.out, s->conf.err, cmd, ufork_fd(s->ufork),
			    ufork_poll, s->ufork);
}

static int hook_freopen(void *arg, const char *path)
{
	struct session *s = arg;

	flush_output(s);
	return destr_freopen(&s->conf.out, s->orig_out, s->conf.err, path);
}

static int hook_ftruncate(void *arg)
{
	struct session *s = arg;

	flush_output(s);
	return destr_ftruncate(s->conf.out);
}

/* The consumer is done with speculation id: speculation() may take it. */
static void hook_spec_done(void *arg, uint32_t id)
{
	struct session *s = arg;
	struct spec_slot *slot;

	if (!s->spec || id == 0 || id > s->conf.obj->nspec)
		return;
	slot = &s->spec[id - 1];
	__atomic_store_n(&slot->bytes, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&slot->state, SPECST_INACTIVE, __ATOMIC_RELEASE);
}

/*
 * Free the speculations whose commit() or discard() found no room for
 * its control record (SPECST_COMMIT_LOST, SPECST_DISCARD_LOST): first
 * read what the ring buffer holds, since their records written before
 * are there, then drop what is held of them; a commit's count as
 * speculative drops.
 */
static void spec_sweep(struct session *s)
{
	uint32_t n = s->spec ? s->conf.obj->nspec : 0;
	bool found = false;

	for (uint32_t i = 0; i < n && !found; i++) {
		uint32_t st = __atomic_load_n(&s->spec[i].state,
					      __ATOMIC_ACQUIRE);

		found = st == SPECST_COMMIT_LOST || st == SPECST_DISCARD_LOST;
	}
	if (!found)
		return;
	if (s->rb && !s->fill && ring_buffer__consume(s->rb) > 0)
		flush_output(s);
	for (uint32_t id = 1; id <= n; id++) {
		uint32_t st = __atomic_load_n(&s->spec[id - 1].state,
					      __ATOMIC_ACQUIRE);
		size_t lost;

		if (st != SPECST_COMMIT_LOST && st != SPECST_DISCARD_LOST)
			continue;
		lost = spec_lost(&s->cons, id);
		if (st == SPECST_COMMIT_LOST)
			s->spec_lost += lost;
		hook_spec_done(s, id);
	}
}

static int hook_flush(void *arg)
{
	return flush_output(arg);
}

static const struct consume_hooks session_hooks = {
	.system = hook_system, .freopen = hook_freopen,
	.ftruncate = hook_ftruncate, .spec_done = hook_spec_done,
	.flush = hook_flush,
};

/* Buffer policy, the speculation map and the hooks, once maps exist. */
static int policies_init(struct session *s)
{
	const struct dopts *o = s->conf.opts;
	struct dobj *obj = s->conf.obj;

	s->orig_out = s->conf.out;
	s->cons.hooks = &session_hooks;
	s->cons.hooks_arg = s;
	s->fill = o->bufpolicy && strcmp(o->bufpolicy, "fill") == 0;
	s->ring_hold = o->bufpolicy && strcmp(o->bufpolicy, "ring") == 0;
	if (s->ring_hold) {
		s->rq = xcalloc((size_t)s->ncpu, sizeof(*s->rq));
		for (int c = 0; c < s->ncpu; c++)
			s->rq[c].limit = o->bufsize;
	}
	if (obj->spec_map <= 0)
		return 0;
	const struct dmap *m = &obj->maps.data[obj->spec_map];
	long page = sysconf(_SC_PAGESIZE);

	s->spec_len = ((size_t)m->value_size + (size_t)page - 1) &
		      ~((size_t)page - 1);
	s->spec = mmap(NULL, s->spec_len, PROT_READ | PROT_WRITE, MAP_SHARED,
		       m->fd, 0);
	if (s->spec == MAP_FAILED) {
		int err = -errno;

		s->spec = NULL;
		fprintf(s->conf.err, "dtrace: failed to map the speculations: "
			"%s\n", strerror(-err));
		return err;
	}
	return 0;
}

/*
 * Probes the running kernel cannot back (their provider's plan said why)
 * fail before anything is loaded, in one line naming the probe.
 */
static int check_backed(struct session *s)
{
	const struct dobj *obj = s->conf.obj;

	for (size_t i = 0; i < obj->progs.len; i++) {
		const struct attach *at = obj->progs.data[i].at;
		struct arena a = {0};

		if (!at || !at->why[0])
			continue;
		fprintf(s->conf.err, "dtrace: could not enable tracing: probe "
			"%s: %s\n", attach_desc(&a, at), at->why);
		arena_free(&a);
		return -ENOTSUP;
	}
	return 0;
}

int session__load(struct session *s)
{
	struct dobj *obj = s->conf.obj;
	int eidx = add_error_ring(s);
	const char *why;
	int err;

	if (obj->destructive && !s->conf.opts->destructive) {
		fprintf(s->conf.err, "dtrace: could not enable tracing: "
			"Destructive actions not allowed\n");
		return -EPERM;
	}
	if ((why = bufpol_check(obj, s->conf.opts)) ||
	    (why = agg_size_check(obj, s->conf.opts->aggsize))) {
		fprintf(s->conf.err, "dtrace: could not enable tracing: %s\n",
			why);
		return -E2BIG;
	}
	if ((err = check_backed(s)) < 0)
		return err;
	if (obj->dvpool_empty) {
		fprintf(s->conf.err, "dtrace: could not enable tracing: "
			"Enabling exceeds size of buffer\n");
		return -E2BIG;
	}
	err = load_maps(obj, s->conf.opts, s->conf.err);
	if (err == 0) {
		debug_printf(s->conf.opts, "%zu maps created", obj->maps.len);
		agg_drain_debug(s->conf.opts, obj);
		err = load_progs(obj, s->conf.opts, s->conf.err);
	}
	if (err == 0)
		err = policies_init(s);
	if (err < 0)
		return err;
	if (obj->maps.len > DMAP_RINGBUF) {
		s->rb = ring_buffer__new(obj->maps.data[DMAP_RINGBUF].fd,
					 on_record, s, NULL);
		if (!s->rb) {
			err = -errno;
			fprintf(s->conf.err, "dtrace: failed to open the ring "
				"buffer: %s\n", strerror(-err));
			return err;
		}
	}
	if (eidx >= 0) {
		s->erb = ring_buffer__new(obj->maps.data[eidx].fd, on_record,
					  s, NULL);
		if (!s->erb) {
			err = -errno;
			fprintf(s->conf.err, "dtrace: failed to open the ring "
				"buffer: %s\n", strerror(-err));
			return err;
		}
	}
	s->loaded = true;
	return 0;
}

/*
 * The trace output could not be written (a full disk under -o, a
 * closed pipe): said once, and tracing ends with status 1, rather than
 * output being lost without a word.
 */
static int output_failed(struct session *s, int err)
{
	if (!s->write_failed)
		fprintf(s->conf.err, "dtrace: failed to write output: %s\n",
			strerror(err));
	s->write_failed = true;
	return -err;
}

/* Flush the output stream: 0, or -errno after output_failed(). */
static int flush_stream(struct session *s)
{
	if (fflush(s->conf.out) == EOF || ferror(s->conf.out))
		return output_failed(s, errno ? errno : EIO);
	return s->write_failed ? -EIO : 0;
}

/* Write out what the consumer produced. */
static int flush_output(struct session *s)
{
	struct strbuf *sb = &s->cons.out;
	int err = 0;

	errno = 0;
	if (sb->len && fwrite(sb->buf, 1, sb->len, s->conf.out) != sb->len)
		err = output_failed(s, errno ? errno : EIO);
	sb_reset(sb);
	if (err == 0)
		err = flush_stream(s);
	if (s->cons.err.len) {
		fputs(sb_str(&s->cons.err), s->conf.err);
		sb_reset(&s->cons.err);
	}
	return err;
}

/* Consume whatever is in the ring buffer now, without waiting. */
static int drain(struct session *s)
{
	int n = s->rb ? ring_buffer__consume(s->rb) : 0;
	int err = flush_output(s);

	if (s->bad_record)
		return s->bad_record;
	return n < 0 && n != -EINTR ? n : err;
}

/* The program of a consumer-fired dtrace probe (BEGIN, END), or NULL. */
static struct dprog *fired_prog(struct session *s, const char *name)
{
	for (size_t i = 0; i < s->conf.obj->progs.len; i++) {
		struct dprog *p = &s->conf.obj->progs.data[i];

		if (p->at && p->at->prov && p->at->prov->fire &&
		    p->at->nprobes && strcmp(p->at->probes[0]->name,
					      name) == 0)
			return p;
	}
	return NULL;
}

static int fire(struct session *s, const char *name)
{
	struct dprog *p = fired_prog(s, name);
	int err;

	if (!p)
		return 0;
	err = p->at->prov->fire(p->at, p->fd);
	if (err < 0) {
		fprintf(s->conf.err, "dtrace: failed to fire dtrace:::%s: "
			"%s\n", name, strerror(-err));
		return err;
	}
	return 0;
}

/*
 * A fault record was consumed: fire dtrace:::ERROR with its arguments.
 * Its records land in the ring buffer being consumed, so they are read
 * in the same pass.  A fault in an ERROR clause itself is only counted
 * (report_drops) and does not fire ERROR again, which could loop for ever.
 */
static int fire_error(struct session *s)
{
	struct dprog *p = fired_prog(s, "ERROR");
	struct dprog *begin = fired_prog(s, "BEGIN");
	bool rewind;
	int err;

	s->cons.fault_pending = false;
	if (!p || !p->at->prov->fire_args ||
	    s->cons.fault_prid == p->at->probes[0]->id)
		return 0;
	/*
	 * DTrace fires ERROR at the fault, before any later clause of the
	 * faulting firing: an exit() there whose record is still unread
	 * must not keep ERROR's own exit() from ending tracing first.
	 */
	rewind = !s->cons.exited && draining(s);
	if (rewind)
		set_state(s, begin && s->cons.fault_prid ==
			  begin->at->probes[0]->id ? DSTATE_WARMUP :
			  DSTATE_ACTIVE);
	err = p->at->prov->fire_args(p->at, p->fd, s->cons.fault_args, 6);
	if (err < 0)
		fprintf(s->conf.err, "dtrace: failed to fire dtrace:::ERROR: "
			"%s\n", strerror(-err));
	/* nested: this runs inside the main ring's callback */
	else if (s->erb && (err = ring_buffer__consume(s->erb)) < 0 &&
		 err != -EINTR)
		return err;
	if (rewind && !s->cons.exited)
		set_state(s, DSTATE_DRAINING);
	return 0;
}

/* the programs marked attach_first (pass 0), then the others */
static int attach_all(struct session *s)
{
	for (size_t k = 0; k < 2 * s->conf.obj->progs.len; k++) {
		size_t n = s->conf.obj->progs.len, i = k % n;
		struct dprog *p = &s->conf.obj->progs.data[i];
		struct arena a = {0};
		int err;

		if (p->attach_first != (k < n))
			continue;
		if (!p->at || !p->at->prov || !p->at->prov->attach ||
		    p->at->prov->fire || p->fd < 0)	/* left out: load.c */
			continue;
		err = p->at->prov->attach(p->at, p->fd);
		if (err < 0) {
			char why[256];

			fprintf(s->conf.err, "dtrace: could not enable "
				"tracing: probe %s: %s\n",
				attach_desc(&a, p->at), p->at->why[0] ?
				p->at->why : oserr_str(-err, why, sizeof(why)));
			arena_free(&a);
			return err;
		}
		debug_printf(s->conf.opts, "program %s attached to %s",
			     p->name, attach_desc(&a, p->at));
		arena_free(&a);
	}
	return 0;
}

static void install_handlers(struct session *s)
{
	struct sigaction act;

	memset(&act, 0, sizeof(act));
	sigemptyset(&act.sa_mask);
	act.sa_handler = on_signal;
	/* output being written when ^C comes is written whole; the wait
	 * for records (epoll, nanosleep) returns EINTR all the same */
	act.sa_flags = SA_RESTART;
	session_signals = 0;
	/* As dtrace(1M): leave signals alone that were ignored for us. */
	if (sigaction(SIGINT, NULL, &s->old_int) == 0 &&
	    s->old_int.sa_handler != SIG_IGN)
		sigaction(SIGINT, &act, NULL);
	if (sigaction(SIGTERM, NULL, &s->old_term) == 0 &&
	    s->old_term.sa_handler != SIG_IGN)
		sigaction(SIGTERM, &act, NULL);
	s->handlers = true;
}

/* How often drops are read: statusrate, DTrace's 1 s by default. */
static uint64_t status_ns(const struct dopts *o)
{
	return o->statusrate ? o->statusrate : 1000000000ULL;
}

static int set_state(struct session *s, enum dstate state)
{
	uint32_t key = 0, v = state;

	if (bpf_map_update_elem(s->conf.obj->maps.data[DMAP_STATE].fd, &key,
				&v, BPF_ANY) < 0)
		return -errno;
	return 0;
}

/* After BEGIN: active, unless BEGIN's exit() already ended tracing. */
static int activate(struct session *s)
{
	uint32_t key = 0, v = DSTATE_WARMUP;

	if (bpf_map_lookup_elem(s->conf.obj->maps.data[DMAP_STATE].fd, &key,
				&v) < 0)
		return -errno;
	return v == DSTATE_WARMUP ? set_state(s, DSTATE_ACTIVE) : 0;
}

int session__start(struct session *s)
{
	int err;

	if (!s->loaded)
		return -EINVAL;
	s->started = true;
	s->next_status = now_ns() + status_ns(s->conf.opts);
	s->next_switch = now_ns() + s->conf.opts->switchrate;
	s->switch_hold = s->conf.opts->switchrate != 0;
	/* Every probe is attached before BEGIN fires, but records nothing
	 * until the state is active: BEGIN comes first, and once its output
	 * is seen every probe is live, as in DTrace. */
	err = attach_all(s);
	if (err == 0 && s->conf.relink) {
		struct ulate_conf uc = {
			.obj = s->conf.obj, .probes = s->conf.probes,
			.procs = s->conf.procs, .opts = s->conf.opts,
			.err = s->conf.err, .relink = s->conf.relink,
			.unlink = s->conf.unlink, .arg = s->conf.relink_arg,
		};

		err = ulate_open(&uc, s->rb, &s->ulate);
	}
	if (err == 0)
		err = ufork_open(s->conf.obj, s->conf.procs, s->ulate, s->rb,
				 &s->ufork);
	if (err == 0) {
		consume_xo_begin(&s->cons);
		err = fire(s, "BEGIN");
	}
	if (err == 0)
		err = activate(s);
	if (err == 0)
		debug_printf(s->conf.opts, "tracing active");
	/*
	 * As dtrace(1M), SIGINT and SIGTERM end tracing gracefully only
	 * once it has started (after dtrace_go(), which fires BEGIN):
	 * before, they kill dtrace, which leaves nothing behind (every
	 * kernel object is an fd, and a -c command dies with it).  Caught
	 * before BEGIN's output is printed, so that a signal sent on
	 * seeing it ends the trace as exit() would.
	 */
	if (err == 0)
		install_handlers(s);
	if (err == 0)
		err = drain(s);
	/* once tracing has started, even if BEGIN called exit(), as
	 * dtrace(1M) says it after dtrace_go() */
	if (err == 0 && s->conf.opts->destructive && !s->conf.opts->quiet)
		fprintf(s->conf.err, "dtrace: allowing destructive actions\n");
	if (err < 0 || s->cons.exited)
		return err;
	/* tracing has started: a -c command runs */
	proc_continue_all(s->conf.procs);
	return err;
}

/* Read counter k of DMAP_STATS for every CPU into v[ncpu]; 0 or -errno. */
static int read_stat(struct session *s, int k, uint64_t *v, char *buf)
{
	const struct dmap *m = &s->conf.obj->maps.data[DMAP_STATS];
	size_t stride = ((size_t)m->value_size + 7) & ~(size_t)7;
	/* one element per counter, or one element holding all of them */
	bool per_key = m->max_entries >= DSTAT_COUNT;
	uint32_t key = per_key ? (uint32_t)k : 0;
	size_t off = per_key ? 0 : (size_t)k * 8;

	if (off + 8 > m->value_size)
		return -EINVAL;
	if (bpf_map_lookup_elem(m->fd, &key, buf) < 0)
		return -errno;
	mc_defined(buf, stride * (size_t)s->ncpu);	/* per CPU */
	for (int c = 0; c < s->ncpu; c++)
		memcpy(&v[c], buf + (size_t)c * stride + off, sizeof(v[c]));
	return 0;
}

/*
 * One drop report: "dtrace: MSG" on the error stream and, with oformat,
 * a DROP pseudo-probe (kind: DTrace's DTRACEDROP_* number, total: the
 * drops of that kind so far).
 */
static void drop_report(struct session *s, int cpu, int kind, uint64_t n,
			uint64_t total, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
static void drop_report(struct session *s, int cpu, int kind, uint64_t n,
			uint64_t total, const char *fmt, ...)
{
	struct strbuf sb = {0};
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	fprintf(s->conf.err, "dtrace: %s", sb_str(&sb));
	consume_xo_drop(&s->cons, cpu, kind, n, total, sb_str(&sb));
	sb_free(&sb);
}

/* Report drops counted since the last report, worded as DTrace does. */
static void report_drops(struct session *s)
{
	/* as dt_handle.c: buffer drops per CPU, the others for all CPUs
	 * ("N speculative drops", "N failed speculations (...)") */
	static const struct {
		const char *noun, *suffix, *tag;
		bool per_cpu;
		int kind;	/* DTRACEDROP_*'s value */
	} what[DSTAT_COUNT] = {
		[DSTAT_RINGBUF_DROPS] = { "drop", "", "PRINCIPAL", true, 0 },
		[DSTAT_AGG_DROPS] = { "aggregation drop", "", "AGGREGATION",
				      true, 1 },
		[DSTAT_DYN_DROPS] = { "dynamic variable drop", "", "DYNAMIC",
				      false, 2 },
		[DSTAT_SPEC_DROPS] = { "speculative drop", "", "SPEC", false,
				       5 },
		[DSTAT_SPEC_BUSY] = { "failed speculation",
				      " (available buffer(s) still busy)",
				      "SPECBUSY", false, 6 },
		[DSTAT_SPEC_UNAVAIL] = { "failed speculation",
					 " (no speculative buffer available)",
					 "SPECUNAVAIL", false, 7 },
	};
	/* -x droptags: "[DTRACEDROP_KIND] " before the count, as DTrace */
	char tag[40];
	const struct dmap *m;
	uint64_t *v;
	char *buf;

	if (s->conf.obj->maps.len <= DMAP_STATS)
		return;
	m = &s->conf.obj->maps.data[DMAP_STATS];
	if (m->fd < 0)
		return;
	v = xcalloc((size_t)s->ncpu, sizeof(*v));
	buf = xcalloc((size_t)s->ncpu, ((size_t)m->value_size + 7) & ~7u);
	for (int k = 0; k < DSTAT_COUNT; k++) {
		uint64_t *seen = &s->drops[(size_t)k * (size_t)s->ncpu];
		uint64_t total = 0, before = 0;

		if (!what[k].noun || read_stat(s, k, v, buf) < 0)
			continue;
		if (k == DSTAT_SPEC_DROPS)	/* counted by the consumer */
			v[0] += s->spec_lost;
		snprintf(tag, sizeof(tag), "[DTRACEDROP_%s] ", what[k].tag);
		if (!s->conf.opts->droptags)
			tag[0] = '\0';
		for (int c = 0; c < s->ncpu; c++) {
			if (what[k].per_cpu && v[c] > seen[c])
				drop_report(s, c, what[k].kind, v[c] - seen[c],
					    v[c], "%s%llu %s%s on CPU %d\n",
					    tag, (unsigned long long)(v[c] - seen[c]),
					    what[k].noun, v[c] - seen[c] > 1 ?
					    "s" : "", c);
			total += v[c];
			before += seen[c];
			seen[c] = v[c];
		}
		if (!what[k].per_cpu && total > before)
			drop_report(s, -1, what[k].kind, total - before, total,
				    "%s%llu %s%s%s\n", tag,
				    (unsigned long long)(total - before),
				    what[k].noun, total - before > 1 ? "s" : "",
				    what[k].suffix);
	}
	if (s->cons.dblerrors > s->dblerrors) {
		uint64_t n = s->cons.dblerrors - s->dblerrors;

		drop_report(s, -1, 9, n, s->cons.dblerrors,
			    "%s%llu error%s in ERROR probe enabling\n",
			    s->conf.opts->droptags ? "[DTRACEDROP_DBLERROR] " : "",
			    (unsigned long long)n, n > 1 ? "s" : "");
		s->dblerrors = s->cons.dblerrors;
	}
	free(v);
	free(buf);
}

/*
 * How long the consumer sleeps: switchrate (DTrace's buffer switch rate),
 * no longer than statusrate so that drops are reported on time, nor
 * than aggrate so that the aggregations are drained on time.  Without
 * a switchrate, the ring buffer wakes it sooner when records arrive.
 */
static int poll_ms(const struct dopts *o)
{
	uint64_t ns = o->switchrate ? o->switchrate : 1000000000ULL;

	if (status_ns(o) < ns)
		ns = status_ns(o);
	if (o->aggrate && o->aggrate < ns)
		ns = o->aggrate;
	ns /= 1000000;
	return ns < 1 ? 1 : ns > 60000 ? 60000 : (int)ns;
}

/*
 * Wait for records, at most wait_ms; aggrate's snapshot, then read.
 * Under switchrate the snapshot is taken at the switch instead, after
 * the records it reads were drained, as DTrace snapshots just before
 * it switches: a printa() read at a switch never shows an aggregation
 * older than its own record.
 */
static int poll_records(struct session *s, int wait_ms)
{
	struct epoll_event ev;

	if (epoll_wait(ring_buffer__epoll_fd(s->rb), &ev, 1, wait_ms) < 0)
		return -errno;
	ufork_poll(s->ufork);
	if (!s->conf.opts->switchrate)
		agg_rt_tick(&s->cons.aggs);
	return ring_buffer__consume(s->rb);
}

static int replay_record(void *arg, void *data, size_t size);

/* -x switchrate: the records held since the last switch, read now. */
static int switch_buffers(struct session *s)
{
	int err;

	s->switch_hold = false;
	agg_rt_tick(&s->cons.aggs);
	err = ringq_replay(&s->swq, replay_record, s);
	s->switch_hold = s->conf.opts->switchrate != 0 && !s->stopped;
	return err;
}

/*
 * A switchrate setopt() set: the next switch comes that long after the
 * last one (or now, when there was no switchrate), as DTrace's next
 * wake is its last switch plus the rate.
 */
static void take_switchrate(struct session *s)
{
	uint64_t old = s->conf.opts->switchrate, rate = s->cons.switchrate_set;

	if (!rate)
		return;
	s->cons.switchrate_set = 0;
	s->next_switch = old ? s->next_switch - old + rate : now_ns();
	s->conf.opts->switchrate = rate;
	s->switch_hold = !s->stopped;
}

/*
 * -x switchrate: the records are read once a switchrate, as DTrace
 * switches its buffers, however soon they arrive.  The ring buffers are
 * still drained as records come (the other rings on them, as the one of
 * libraries loaded, need it at once), the main one into a queue that
 * the switch reads.
 */
static int switch_wait(struct session *s)
{
	uint64_t t = now_ns(), until = s->next_switch;
	int n;

	if (s->next_status < until)
		until = s->next_status;
	n = poll_records(s, until > t ? (int)((until - t + 999999) / 1000000)
				      : 0);
	if (n < 0 || now_ns() < s->next_switch)
		return n;
	s->next_switch += s->conf.opts->switchrate;
	return switch_buffers(s);
}

/*
 * Is tracing over?  exit() is seen at once, or, when statusrate is
 * given, at the next status check, as DTrace notices it.
 */
static bool exit_seen(struct session *s, bool status_check)
{
	return s->cons.exited && (!s->conf.opts->statusrate || status_check);
}

/* Has the kernel left the active state (exit(), bufpolicy=fill)? */
static bool draining(struct session *s)
{
	uint32_t key = 0, v = DSTATE_ACTIVE;

	if (bpf_map_lookup_elem(s->conf.obj->maps.data[DMAP_STATE].fd, &key,
				&v) < 0)
		return false;
	return v == DSTATE_DRAINING;
}

static int replay_record(void *arg, void *data, size_t size)
{
	struct session *s = arg;

	return on_record(s, data, size);
}

/*
 * Has an exit() been recorded that the poll has not read yet?  A process
 * records its exit() before it ends (exit() on its exit_group), but a
 * SIGCHLD can cut the poll short first: read what is there before
 * looking at the processes, so that their end is not reported then.
 */
static bool exit_pending(struct session *s)
{
	if (s->rb && !s->fill && ring_buffer__consume(s->rb) > 0)
		flush_output(s);
	return s->cons.exited;
}

int session__run(struct session *s)
{
	int err = 0;

	if (!s->started)
		return -EINVAL;
	int wait_ms = poll_ms(s->conf.opts);

	while (!exit_seen(s, false) && !session_signals) {
		int n = 0;
		uint64_t t;

		if (s->rb && !s->fill && s->conf.opts->switchrate)
			n = switch_wait(s);
		else if (s->rb && !s->fill)
			n = poll_records(s, wait_ms);
		else
			nanosleep(&(struct timespec){ wait_ms / 1000,
				  (wait_ms % 1000) * 1000000L }, NULL);
		take_switchrate(s);
		/* ring and fill: exit() or a full buffer ends tracing */
		if ((s->fill || s->ring_hold) && draining(s))
			break;
		consume_pcap_poll(&s->cons);	/* tshark's lines */
		err = flush_output(s);
		spec_sweep(s);
		if (s->bad_record)
			return s->bad_record;
		if (n < 0 && n != -EINTR) {
			fprintf(s->conf.err, "dtrace: processing aborted: "
				"%s\n", strerror(-n));
			return n;
		}
		if (err < 0)
			return err;
		/* every -c/-p process gone: the trace is over (once exit()
		 * has ended it, a process ending too is not reported, as
		 * dtrace(1M) stops looking at them then) */
		if (s->conf.procs && s->conf.procs->v.len && !s->cons.exited &&
		    !exit_pending(s) &&
		    proc_poll(s->conf.procs, s->conf.opts->quiet,
			      s->conf.err) == 0)
			break;
		t = now_ns();
		if (t >= s->next_status) {
			report_drops(s);
			s->next_status = t + status_ns(s->conf.opts);
			if (exit_seen(s, true))
				break;
		}
	}
	/* As dtrace(1M), end the ^C line (not when testing: the newline
	 * would land at a random place in the expected output). */
	if (session_signals && !getenv("_DTRACE_TESTING") &&
	    !consume_xo_on(&s->cons))
		fputc('\n', s->conf.out);
	return 0;
}

/* The aggregations printa() has not printed (runtime/agg_act.c). */
static int print_aggs(struct session *s)
{
	struct strbuf sb = {0}, eb = {0};
	int err;

	if (consume_xo_on(&s->cons)) {	/* into the document */
		if (!agg_rt_unprinted(&s->cons.aggs))
			return 0;
		consume_xo_aggs_begin(&s->cons);
		err = agg_rt_print_all(&s->cons.aggs, &s->cons.out, &s->cons.err,
				       s->cons.syms, NULL);
		consume_xo_probe_end(&s->cons);
		if (flush_output(s) < 0 && err == 0)
			err = -EIO;
		return err;
	}
	errno = 0;
	err = agg_rt_print_all(&s->cons.aggs, &sb, &eb, s->cons.syms,
			       s->conf.out);
	if (ferror(s->conf.out) ||
	    fwrite(sb_str(&sb), 1, sb.len, s->conf.out) != sb.len)
		err = output_failed(s, errno ? errno : EIO);
	fwrite(sb_str(&eb), 1, eb.len, s->conf.err);
	sb_free(&sb);
	sb_free(&eb);
	return err;
}

static void detach_all(struct session *s)
{
	for (size_t i = 0; i < s->conf.obj->progs.len; i++)
		if (s->conf.obj->progs.data[i].at)
			attach_close(s->conf.obj->progs.data[i].at);
}

int session__stop(struct session *s)
{
	int err;

	if (!s || !s->started || s->stopped)
		return 0;
	s->stopped = true;
	debug_printf(s->conf.opts, "tracing stopped: draining");
	/* Draining: no probe but END records any more.  The probes are
	 * detached only at close, after the output is out, because the
	 * kernel waits for RCU grace periods when a tracepoint's last
	 * perf event closes, which can take most of a second. */
	set_state(s, DSTATE_DRAINING);
	err = drain(s);
	if (err == 0 && s->switch_hold)	/* the last switch */
		err = switch_buffers(s);
	if (s->ring_hold) {	/* bufpolicy=ring: the newest records now */
		s->ring_hold = false;
		/* CPU by CPU, as DTrace reads its per-CPU buffers */
		for (int c = 0; c < s->ncpu && err == 0; c++)
			err = ringq_replay(&s->rq[c], replay_record, s);
		if (err == 0)
			err = flush_output(s);
	}
	consume_accept_all(&s->cons);
	agg_rt_stopped(&s->cons.aggs);
	/* END runs in the cool-down state, where exit() sets the status */
	if (err == 0)
		err = set_state(s, DSTATE_COOLDOWN);
	if (err == 0 && session_signals < 2)
		err = fire(s, "END");
	if (err == 0)
		err = drain(s);
	spec_sweep(s);
	/* the last of pcap()'s packets decoded, before the aggregations */
	consume_pcap_finish(&s->cons);
	if (err == 0)
		err = flush_output(s);
	report_drops(s);
	if (err < 0)
		return err;
	/* dtrace(1M) ends the trace output with a newline, then prints
	 * the aggregations, unless a second ^C made it impatient. */
	/* (folded stacks are read by programs: no blank line) */
	if (!consume_xo_on(&s->cons) && !s->cons.aggs.fold)
		fputc('\n', s->conf.out);
	if (session_signals < 2)
		err = print_aggs(s);
	consume_xo_end(&s->cons);	/* (nothing without -x oformat) */
	if (flush_output(s) < 0)
		return -EIO;
	return err;
}

void session__close(struct session *s)
{
	if (!s)
		return;
	if (s->conf.procs)	/* the symbols go with the session */
		s->conf.procs->at_exit = NULL;
	if (s->cons.xo.begun) {	/* stopped early: the document still ends */
		consume_xo_end(&s->cons);
		flush_output(s);
	}
	ufork_close(s->ufork);
	detach_all(s);
	ring_buffer__free(s->rb);
	ulate_close(s->ulate);
	ring_buffer__free(s->erb);
	load_unload(s->conf.obj);
	consume_free(&s->cons);
	syms_free(&s->syms);
	for (int c = 0; s->rq && c < s->ncpu; c++)
		ringq_free(&s->rq[c]);
	free(s->rq);
	ringq_free(&s->swq);
	if (s->spec)
		munmap(s->spec, s->spec_len);
	if (s->orig_out && s->conf.out != s->orig_out)	/* freopen() */
		fclose(s->conf.out);
	if (s->handlers) {
		sigaction(SIGINT, &s->old_int, NULL);
		sigaction(SIGTERM, &s->old_term, NULL);
	}
	free(s->drops);
	free(s);
}

bool session__exited(const struct session *s)
{
	return s->cons.exited;
}

int session__status(const struct session *s)
{
	return s->cons.status;
}
