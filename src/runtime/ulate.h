/*
 * Probes in libraries a traced process loads while it is traced
 * (dlopen), as DTrace creates them when the run-time linker reports a
 * load: the -c and -p processes' dynamic linkers are watched, and each
 * load stops the process until the program, compiled again against its
 * new objects, has its new probes attached.
 */
#ifndef BD_ULATE_H
#define BD_ULATE_H

#include <stdbool.h>
#include <stdio.h>

struct dobj;
struct dopts;
struct probe_table;
struct procs;
struct ring_buffer;
struct ulate;

struct ulate_conf {
	struct dobj *obj;		/* the program, loaded: its maps shared */
	struct probe_table *probes;	/* the table it was compiled with */
	struct procs *procs;		/* the -c and -p processes */
	const struct dopts *opts;
	FILE *err;
	/*
	 * Compile the program again, against the probe table as it is now
	 * (the processes read afresh): a new dobj, or NULL after saying why.
	 * Its string table starts as base's, so that every string of base
	 * keeps its offset (keys kept as offsets: dagg.kkeys).  unlink
	 * frees one.
	 */
	struct dobj *(*relink)(void *arg, const struct dobj *base);
	void (*unlink)(void *arg, struct dobj *obj);
	void *arg;
};

/*
 * Watch the processes' dynamic linkers, reporting loads through rb (the
 * session's ring buffer consumer, to which a ring is added).  *out is
 * NULL when there is nothing to watch.  0, or -errno after a message.
 */
int ulate_open(const struct ulate_conf *conf, struct ring_buffer *rb,
	       struct ulate **out);
/*
 * Process pid (stopped) has just started a program: compile again, so
 * that descriptions find its probes, and attach them (runtime/ufork.c).
 * Whether the compilation found new probes.
 */
bool ulate_exec(struct ulate *u, int pid);
/* The compilations made since, loaded and attached (i < the count;
 * NULL is fine: none), so that a traced process's children get their
 * probes too (runtime/ufork.c). */
size_t ulate_nobjs(const struct ulate *u);
struct dobj *ulate_obj(const struct ulate *u, size_t i);
/* Detach what was attached since, and stop watching; NULL is fine. */
void ulate_close(struct ulate *u);

#endif
