/*
 * Kernel types from BTF: the kernel's own (/sys/kernel/btf/vmlinux) and
 * its modules' (/sys/kernel/btf/MODULE, split against vmlinux), read with
 * libbpf's btf API from the run's one copy (lib/kbtf.h, which the
 * providers share) and loaded on first use, so that programs that name
 * no kernel type never pay for parsing them.  A kernel type becomes a
 * struct dtype that keeps its BTF and type id; members are looked up in
 * the BTF when a script names them, never translated wholesale.
 */
#ifndef BD_BTF_H
#define BD_BTF_H

#include "types.h"

struct kbtf;

/*
 * Read kernel BTF from k, the run's shared copy (the probe table's),
 * taking a reference; without one, t loads its own on first use.
 */
void dbtf_share(struct dtypes *t, struct kbtf *k);
/* The kernel's BTF (loaded on first use); NULL if unavailable. */
struct btf *dbtf_vmlinux(struct dtypes *t);
/* A module's BTF ("vmlinux" is the kernel's), or NULL. */
struct btf *dbtf_module(struct dtypes *t, const char *mod);
/* The D type of BTF type `id` of btf. */
const struct dtype *dbtf_type(struct dtypes *t, struct arena *a,
			      struct btf *btf, uint32_t id);
/*
 * A kernel type by name: kind DT_STRUCT, DT_UNION or DT_ENUM for a tag,
 * DT_VOID for a typedef or a base type ("int", "u64").  module NULL
 * looks in vmlinux then in every module; NULL if not found.
 */
const struct dtype *dbtf_lookup(struct dtypes *t, struct arena *a,
				const char *module, enum dtype_kind kind,
				const char *name);
/* A member of BTF struct/union t (see type_member). */
const struct dmember *dbtf_member(struct dtypes *t, struct arena *a,
				  const struct dtype *sou, const char *name);
/* The type of kernel variable `name` (module NULL: any), or NULL. */
const struct dtype *dbtf_var(struct dtypes *t, struct arena *a,
			     const char *module, const char *name);
/*
 * Byte offset of member `member` (a path: "a.b", through anonymous
 * members too) of kernel struct or union `sname` (vmlinux's BTF, the
 * run's one copy), or -1: for code that reads fixed kernel fields such
 * as current->real_parent (lib/btf_path.c).
 */
int dbtf_offsetof(struct dtypes *t, const char *sname, const char *member);
void dbtf_free(struct dtypes *t);
/*
 * The BTF let go once compiled, when nothing at run time reads it (the
 * kernel's is 5.5 MB of the consumer's memory): t's reference to it is
 * dropped (the shared copy is freed when its last holder trims it,
 * kbtf_trim), and the dtypes made from it keep dangling btf pointers,
 * which only print() would follow.
 */
void dbtf_release(struct dtypes *t);
/*
 * Is `name` a kernel type name (a vmlinux typedef or one-word base
 * type)?  types is a struct dtypes *: the parser's kernel_type callback
 * (struct program), see btf_tname.c.
 */
bool dbtf_is_type_name(void *types, const char *name);

#endif
