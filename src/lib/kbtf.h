/*
 * The kernel's BTF, loaded once per dtrace run and shared by whoever
 * reads it: the compiler's types (compile/btf.c), the providers' probe
 * lists and argument types (providers/kbtf.c) and the run time's hooks.
 * vmlinux's BTF is parsed on first use only, a module's (split against
 * vmlinux) likewise, so a run that needs no kernel type parses none.
 * The object is reference-counted: the probe table and each
 * compilation's types hold one.
 */
#ifndef BD_KBTF_H
#define BD_KBTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct btf;
struct kbtf;

struct kbtf *kbtf_new(void);
/* another reference to k (which may be NULL) */
struct kbtf *kbtf_get(struct kbtf *k);
/* drop a reference; the last frees everything (k may be NULL) */
void kbtf_put(struct kbtf *k);
/*
 * Free the parsed BTF if the caller holds the only reference (nothing
 * else keeps types made from it); it is parsed again if asked for.
 */
void kbtf_trim(struct kbtf *k);

/* vmlinux's BTF, or NULL if the kernel has none */
struct btf *kbtf_vmlinux(struct kbtf *k);
/*
 * Module name's BTF ("vmlinux" or NULL: the kernel's): a loaded
 * module's from /sys/kernel/btf, else its file's (kbtf_kmod.c); NULL if
 * it has none.
 */
struct btf *kbtf_module(struct kbtf *k, const char *name);
/* the loaded modules that have BTF, in name order */
size_t kbtf_nmodules(struct kbtf *k);
const char *kbtf_module_name(struct kbtf *k, size_t i);
/* type `name` of BTF_KIND_* kind in vmlinux, else a loaded module;
 * its id (and *btf, *mod) or -ENOENT */
int kbtf_find(struct kbtf *k, const char *name, int kind, struct btf **btf,
	      const char **mod);
/* fn for every named type of BTF_KIND_* kind, vmlinux's then modules' */
typedef void kbtf_each_fn(void *arg, const char *mod, const char *name,
			  uint32_t id);
void kbtf_each(struct kbtf *k, int kind, kbtf_each_fn *fn, void *arg);

/* kbtf_kmod.c: module mod's BTF read from its file, split on base */
struct btf *kbtf_kmod_file(const char *mod, struct btf *base);

#endif
