/*
 * Probes in the children of traced processes: a process that a -c or
 * -p process (or one of their children) forks has the pid and USDT
 * probes of its ancestor attached before it runs (ufork.c).
 */
#ifndef BD_UFORK_H
#define BD_UFORK_H

#include <stdio.h>

struct dobj;
struct procs;
struct ring_buffer;
struct ufork;
struct ulate;

/*
 * Watch the processes of procs for forks, attaching obj's user probes
 * (loaded and attached) to their children; with late, also watch
 * dtrace's own descendants for the programs they start, whose probes
 * late compiles for (ulate_exec).  rb is the session's ring buffer
 * consumer, to which a ring is added.  *out is NULL when there is
 * nothing to watch or the kernel cannot stop a child for us.  0.
 */
int ufork_open(struct dobj *obj, struct procs *procs, struct ulate *late,
	       struct ring_buffer *rb, struct ufork **out);
/* An fd readable when ufork_poll has work; -1 for none (NULL too). */
int ufork_fd(const struct ufork *f);
/* Handle the forks and programs reported since (f: a struct ufork). */
void ufork_poll(void *f);
/* Stop watching (the children's probes go with obj's); NULL is fine. */
void ufork_close(struct ufork *f);

#endif
