/*
 * Members of kernel structures by their BTF (btf_path.c).
 */
#ifndef BDT_BTF_PATH_H
#define BDT_BTF_PATH_H

#include <bpf/btf.h>
#include <stdbool.h>
#include <stdint.h>

/* id without its qualifiers (const, volatile, type tags) */
uint32_t btfp_skip_mods(const struct btf *btf, uint32_t id);
/* id without qualifiers and typedefs: the type itself */
uint32_t btfp_resolve(const struct btf *btf, uint32_t id);

/*
 * The type and bit offset of member path ("a", "a.b", "a[2].b") of the
 * struct or union named sou, through anonymous members too; false if
 * any part is absent, or the member is a bit-field or not on a byte.
 */
bool btfp_member(const struct btf *btf, const char *sou, const char *path,
		 uint32_t *type, uint32_t *bits);

/* The byte offset of member path of sou, or -1 (no BTF, no member). */
int btfp_offsetof(const struct btf *btf, const char *sou, const char *path);

#endif
