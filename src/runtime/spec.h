/*
 * Speculations in the consumer (spec.c): the records a speculate()
 * clause wrote, held per speculation id until its commit() (printed, in
 * the order they were written) or discard() (dropped) control record
 * arrives; and the consumer-side destructive actions (destr.c).
 */
#ifndef BD_SPEC_H
#define BD_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct consumer;
struct dact;
struct fmt;

/* Hold a record of speculation id; 0 or -ENOMEM. */
int spec_hold(struct consumer *c, uint32_t id, const void *data, size_t size);
/* A commit or discard control record (epid REC_EPID_SPEC); 0 or -EINVAL. */
int spec_control(struct consumer *c, const void *data, size_t size);
/* Drop the records held for id, whose control record was lost; how many. */
size_t spec_lost(struct consumer *c, uint32_t id);
/* Drop every held record (speculations never committed are discarded). */
void spec_free(struct consumer *c);

/* destr.c: is k one of the actions the consumer runs for the program? */
bool destr_act(int k);
/* Run system(), freopen() or ftruncate() through the consumer's hooks. */
void destr_run(struct consumer *c, const struct dact *a, const struct fmt *f,
	       const void *data);
/* The session's hooks: run cmd with /bin/sh, its output on stdout after
 * out is flushed; reopen *out on path ("": back to orig); truncate out. */
/*
 * While the command runs, each time fd (if >= 0) is readable, on_ready
 * runs: events the command's processes wait on (runtime/ufork.c).
 */
int destr_system(FILE *out, FILE *err, const char *cmd, int fd,
		 void (*on_ready)(void *arg), void *arg);
int destr_freopen(FILE **out, FILE *orig, FILE *err, const char *path);
int destr_ftruncate(FILE *out);

#endif
