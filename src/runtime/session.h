/*
 * A tracing session: one compiled program loaded into the kernel,
 * attached, and consumed until it ends.  The lifecycle follows libbpf's
 * object__verb naming:
 *
 *	session__open	 set up (no kernel objects yet)
 *	session__load	 create maps, load programs (the verifier runs here)
 *	session__start	 fire BEGIN; unless it called exit(), attach the rest
 *	session__run	 consume records until exit(), SIGINT or SIGTERM
 *	session__stop	 detach, fire END, drain, print the aggregations
 *	session__close	 release everything (every kernel object is an fd,
 *			 so a killed dtrace leaves nothing behind either)
 *
 * Every step returns 0 or -errno, having printed a "dtrace: ..." message
 * to the error stream; session__close accepts NULL.
 */
#ifndef BD_SESSION_H
#define BD_SESSION_H

#include <stdbool.h>
#include <stdio.h>

struct dobj;
struct dopts;
struct probe_table;
struct procs;
struct session;

struct session_conf {
	struct dobj *obj;		/* compiled; its fds are set by load */
	struct probe_table *probes;	/* the table obj was compiled with */
	struct dopts *opts;
	FILE *out;			/* trace output: stdout or -o file */
	FILE *err;			/* messages: stderr */
	/*
	 * -c/-p processes, or NULL: created ones are let go once BEGIN has
	 * fired, and the trace ends when the last one has exited.
	 */
	struct procs *procs;
	/*
	 * compile the program again while tracing, for libraries the
	 * processes load (runtime/ulate.c), its string table starting as
	 * base's (ulate_conf.relink), and free such a compilation; NULL:
	 * never
	 */
	struct dobj *(*relink)(void *arg, const struct dobj *base);
	void (*unlink)(void *arg, struct dobj *obj);
	void *relink_arg;
};

int session__open(const struct session_conf *conf, struct session **out);
int session__load(struct session *s);
int session__start(struct session *s);
int session__run(struct session *s);
int session__stop(struct session *s);
void session__close(struct session *s);

/* exit() was called (by BEGIN, a probe or END) */
bool session__exited(const struct session *s);
/* the argument of the last exit(), 0 if none */
int session__status(const struct session *s);

#endif
