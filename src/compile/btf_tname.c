/*
 * The parser's question "is this identifier a kernel type name?",
 * answered from the kernel's BTF (btf.c loads it on first use, so a
 * program that never asks loads none).  A name is a type name if
 * vmlinux BTF defines it as a typedef ("u32", "loff_t", "__u8") or as a
 * base type whose name is one identifier ("_Bool").  Module BTF is not
 * searched for plain names (that would load every module's); a module's
 * own typedefs are named "mod`name", which the parser always takes as
 * a type.
 */
#include <bpf/btf.h>

#include "btf.h"

bool dbtf_is_type_name(void *types, const char *name)
{
	struct btf *btf = dbtf_vmlinux(types);

	return btf && (btf__find_by_name_kind(btf, name, BTF_KIND_TYPEDEF) > 0 ||
		       btf__find_by_name_kind(btf, name, BTF_KIND_INT) > 0);
}
