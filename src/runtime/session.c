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
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../codegen/dobj.h"
#include "../providers/provider.h"
#include "agg.h"
#include "consume.h"
#include "fmt.h"
#include "load.h"
#include "options.h"

/* how long one wait for records lasts: ~10 wakeups a second */
#define POLL_MS	100

/* SIGINT/SIGTERM seen; the only process-wide state (signals are). */
static volatile sig_atomic_t session_signals;

struct session {
	struct session_conf conf;
	struct consumer cons;
	struct ring_buffer *rb;
	int ncpu;
	uint64_t *drops;	/* [DSTAT_COUNT][ncpu]: already reported */
	uint64_t dyn_seen;	/* dynamic variable drops reported */
	uint64_t next_status;	/* CLOCK_MONOTONIC ns of the next check */
	bool loaded, started, stopped;
	int bad_record;		/* a record did not match: -EINVAL */
	struct sigaction old_int, old_term;
	bool handlers;
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
	err = consume_init(&s->cons, conf->obj, conf->probes, conf->opts,
			   msg, sizeof(msg));
	if (err < 0) {
		fprintf(conf->err, "%s\n", msg);
		session__close(s);
		return err;
	}
	*out = s;
	return 0;
}

static int on_record(void *ctx, void *data, size_t size)
{
	struct session *s = ctx;
	const struct rec_hdr *h = data;

	if (session_signals >= 2)	/* impatient: stop at once */
		return 0;
	if (consume_record(&s->cons, data, size) < 0) {
		fprintf(s->conf.err, "dtrace: processing aborted: record "
			"(epid %u, %zu bytes) does not match its statement\n",
			size >= sizeof(*h) ? h->epid : 0, size);
		s->bad_record = -EINVAL;
		return -EINVAL;
	}
	return 0;
}

int session__load(struct session *s)
{
	struct dobj *obj = s->conf.obj;
	int err;

	err = load_maps(obj, s->conf.opts, s->conf.err);
	if (err == 0)
		err = load_progs(obj, s->conf.opts, s->conf.err);
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
	s->loaded = true;
	return 0;
}

/* Write out what the consumer produced. */
static int flush_output(struct session *s)
{
	struct strbuf *sb = &s->cons.out;

	if (sb->len && fwrite(sb->buf, 1, sb->len, s->conf.out) != sb->len) {
		int err = errno;

		sb_reset(sb);
		if (err != EINTR) {
			fprintf(s->conf.err, "dtrace: failed to write "
				"output: %s\n", strerror(err));
			return -err;
		}
	}
	sb_reset(sb);
	fflush(s->conf.out);
	if (s->cons.err.len) {
		fputs(sb_str(&s->cons.err), s->conf.err);
		sb_reset(&s->cons.err);
	}
	return 0;
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

static const char *probe_desc(struct arena *a, const struct attach *at)
{
	const struct probe *p = at && at->nprobes ? at->probes[0] : NULL;

	if (!p)
		return "?";
	return arena_printf(a, "%s:%s:%s:%s", p->provname, p->mod, p->func,
			    p->name);
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

static int attach_all(struct session *s)
{
	for (size_t i = 0; i < s->conf.obj->progs.len; i++) {
		struct dprog *p = &s->conf.obj->progs.data[i];
		struct arena a = {0};
		int err;

		if (!p->at || !p->at->prov || !p->at->prov->attach ||
		    p->at->prov->fire)
			continue;
		err = p->at->prov->attach(p->at, p->fd);
		if (err < 0) {
			fprintf(s->conf.err, "dtrace: could not enable "
				"tracing: probe %s: %s\n",
				probe_desc(&a, p->at), strerror(-err));
			arena_free(&a);
			return err;
		}
	}
	return 0;
}

static void install_handlers(struct session *s)
{
	struct sigaction act;

	memset(&act, 0, sizeof(act));
	sigemptyset(&act.sa_mask);
	act.sa_handler = on_signal;
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
	install_handlers(s);
	s->started = true;
	s->next_status = now_ns() + s->conf.opts->statusrate;
	/* Every probe is attached before BEGIN fires, but records nothing
	 * until the state is active: BEGIN comes first, and once its output
	 * is seen every probe is live, as in DTrace. */
	err = attach_all(s);
	if (err == 0)
		err = fire(s, "BEGIN");
	if (err == 0)
		err = activate(s);
	if (err == 0)
		err = drain(s);
	if (err < 0 || s->cons.exited)
		return err;
	if (err == 0 && s->conf.opts->destructive && !s->conf.opts->quiet)
		fprintf(s->conf.err, "dtrace: allowing destructive actions\n");
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
	for (int c = 0; c < s->ncpu; c++)
		memcpy(&v[c], buf + (size_t)c * stride + off, sizeof(v[c]));
	return 0;
}

static void report(struct session *s, unsigned long long n, const char *what,
		   int cpu)
{
	if (cpu >= 0)
		fprintf(s->conf.err, "dtrace: %llu %sdrop%s on CPU %d\n", n,
			what, n > 1 ? "s" : "", cpu);
	else
		fprintf(s->conf.err, "dtrace: %llu %sdrop%s\n", n, what,
			n > 1 ? "s" : "");
}

/* Report drops counted since the last report, worded as DTrace does. */
static void report_drops(struct session *s)
{
	static const char *const what[DSTAT_COUNT] = {
		[DSTAT_RINGBUF_DROPS] = "",
		[DSTAT_AGG_DROPS] = "aggregation ",
		[DSTAT_DYN_DROPS] = "dynamic variable ",
	};
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
		uint64_t total = 0;

		if (read_stat(s, k, v, buf) < 0)
			continue;
		for (int c = 0; c < s->ncpu; c++) {
			if (k != DSTAT_DYN_DROPS && v[c] > seen[c])
				report(s, v[c] - seen[c], what[k], c);
			total += v[c];
			seen[c] = v[c];
		}
		/* dynamic variable drops are reported for all CPUs at once */
		if (k == DSTAT_DYN_DROPS && total > s->dyn_seen)
			report(s, total - s->dyn_seen, what[k], -1);
		if (k == DSTAT_DYN_DROPS)
			s->dyn_seen = total;
	}
	free(v);
	free(buf);
}

int session__run(struct session *s)
{
	int err = 0;

	if (!s->started)
		return -EINVAL;
	while (!s->cons.exited && !session_signals) {
		int n = 0;
		uint64_t t;

		if (s->rb)
			n = ring_buffer__poll(s->rb, POLL_MS);
		else
			nanosleep(&(struct timespec){ 0, POLL_MS * 1000000L },
				  NULL);
		err = flush_output(s);
		if (s->bad_record)
			return s->bad_record;
		if (n < 0 && n != -EINTR) {
			fprintf(s->conf.err, "dtrace: processing aborted: "
				"%s\n", strerror(-n));
			return n;
		}
		if (err < 0)
			return err;
		t = now_ns();
		if (t >= s->next_status) {
			report_drops(s);
			s->next_status = t + s->conf.opts->statusrate;
		}
	}
	/* As dtrace(1M), end the ^C line (not when testing: the newline
	 * would land at a random place in the expected output). */
	if (session_signals && !getenv("_DTRACE_TESTING"))
		fputc('\n', s->conf.out);
	return 0;
}

static int print_aggs(struct session *s)
{
	const struct dopts *o = s->conf.opts;
	struct strbuf sb = {0};
	struct arena a = {0};
	int err = 0;

	for (size_t i = 0; i < s->conf.obj->aggs.len && !err; i++) {
		const struct dagg *ag = &s->conf.obj->aggs.data[i];
		struct agg_entry *ents;
		size_t n;

		if (ag->map < 0 || (size_t)ag->map >= s->conf.obj->maps.len)
			continue;
		err = agg_snapshot(&a, ag, s->conf.obj->maps.data[ag->map].fd,
				   &ents, &n);
		if (err < 0) {
			fprintf(s->conf.err, "dtrace: failed to print "
				"aggregations: %s\n", strerror(-err));
			break;
		}
		if (n == 0)
			continue;
		fmt_agg_sort(ag, ents, n, o->aggsortkey, o->aggsortrev,
			     (int)o->aggsortpos, (int)o->aggsortkeypos);
		fmt_agg_print_entries(&sb, ag, ents, n);
		fwrite(sb_str(&sb), 1, sb.len, s->conf.out);
		sb_reset(&sb);
	}
	sb_free(&sb);
	arena_free(&a);
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
	/* Draining: no probe but END records any more.  The probes are
	 * detached only at close, after the output is out, because the
	 * kernel waits for RCU grace periods when a tracepoint's last
	 * perf event closes, which can take most of a second. */
	set_state(s, DSTATE_DRAINING);
	err = drain(s);
	consume_accept_all(&s->cons);
	if (err == 0 && session_signals < 2)
		err = fire(s, "END");
	if (err == 0)
		err = drain(s);
	report_drops(s);
	if (err < 0)
		return err;
	/* dtrace(1M) ends the trace output with a newline, then prints
	 * the aggregations, unless a second ^C made it impatient. */
	fputc('\n', s->conf.out);
	if (session_signals < 2)
		err = print_aggs(s);
	fflush(s->conf.out);
	return err;
}

void session__close(struct session *s)
{
	if (!s)
		return;
	detach_all(s);
	ring_buffer__free(s->rb);
	load_unload(s->conf.obj);
	consume_free(&s->cons);
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
