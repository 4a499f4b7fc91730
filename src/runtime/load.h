/*
 * Loading a compiled program into the kernel: creating its maps and
 * loading its BPF programs, with map references patched to map fds.
 * The fds are stored in the dobj (dmap.fd, dprog.fd) and released by
 * load_unload().
 */
#ifndef BD_LOAD_H
#define BD_LOAD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct dobj;
struct dopts;
struct bpf_insn;

/*
 * load_func.c: the BTF function information a program with subprograms
 * (bpf_loop() callbacks) must be loaded with; none (n == 0) for others.
 * 0, or -errno if the kernel would not take the BTF.
 */
struct bpf_func_info;
struct load_funcs {
	int btf_fd;
	struct bpf_func_info *info;
	uint32_t n;
	int over;	/* the reference to the first function past the
			 * kernel's cap, or -1 */
};
/* the functions a program may hold, its main one included
 * (the kernel's BPF_MAX_SUBPROGS) */
#define LOAD_FUNCS_MAX 256
int load_funcs_get(const struct bpf_insn *insns, size_t n,
		   struct load_funcs *f);
void load_funcs_free(struct load_funcs *f);

/* Mark every program fd unset (-1) so load_unload() is safe at once. */
void load_init(struct dobj *obj);

/* The ring buffer size for the options' bufsize (and bufpolicy): a
 * power of two, at least a page; LOAD_QUIET_RING when no clause of obj
 * (if not NULL) records data and bufsize was not given. */
#define LOAD_QUIET_RING (128u << 10)
uint32_t load_ringbuf_size(const struct dobj *obj, const struct dopts *opts);

/*
 * Create every map of obj (writing `init` into element 0 and freezing
 * where asked).  0, or -errno after printing "dtrace: ..." to err.
 */
int load_maps(struct dobj *obj, const struct dopts *opts, FILE *err);
/* map idx of obj, or program i: created or loaded alone (ulate.c) */
int load_map(struct dobj *obj, int idx, const struct dopts *opts, FILE *err);
int load_prog(struct dobj *obj, size_t i, const struct dopts *opts,
	      FILE *err);

/*
 * Patch a copy of insns: every 64-bit map load (BPF_PSEUDO_MAP_FD or
 * BPF_PSEUDO_MAP_VALUE) has the map's index in imm; put its fd there.
 * -EINVAL for an index out of range.
 */
int load_patch_maps(struct bpf_insn *insns, size_t n, const struct dobj *obj);

/*
 * Load every program (maps must be created).  On a verifier rejection,
 * prints "dtrace: failed to load program for ...: <reason>" to err and,
 * with -x bpflog, the verifier's whole log.  0 or -errno.
 */
int load_progs(struct dobj *obj, const struct dopts *opts, FILE *err);

/*
 * The line of a verifier log that says why the program was rejected:
 * the last line that is not statistics ("processed N insns", "stack
 * depth", "verification time") nor blank.  Copied into buf.  Returns
 * the index of the instruction the verifier was at (the last "N: (..)"
 * line before the reason), or -1.
 */
int load_log_reason(const char *log, char *buf, size_t len);

/*
 * Make insns (in compiled form: map indexes, not fds) use map `to`
 * wherever they use map `from`.  The ERROR probe's program writes to a
 * ring buffer of its own this way.
 */
void load_redirect_map(struct bpf_insn *insns, size_t n, int from, int to);

/* The common verifier complaints in words, or NULL if not known. */
const char *load_verifier_words(const char *reason);

/* The line-table entry covering instruction insn of p, or NULL. */
struct dprog;
struct dline;
const struct dline *load_find_line(const struct dprog *p, int insn);

/* Close every map and program fd of obj; safe to repeat. */
void load_unload(struct dobj *obj);

#endif
