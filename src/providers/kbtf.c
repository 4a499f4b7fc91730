/*
 * The kernel's BTF as the providers see it: the run's one copy
 * (lib/kbtf.h), kept in the probe table and shared with the compiler
 * (compile() takes a reference), so that fbt's function list, rawtp's
 * tracepoint prototypes, the stable providers' checks and the script's
 * kernel types all read one parse of vmlinux's BTF.  Types are
 * handed to the compiler as C type text ("struct file *", "size_t"),
 * the interface provider.h already has for tracepoint fields; the
 * compiler resolves the names in the same BTF.
 */
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/kbtf.h"
#include "prov.h"

struct kbtf *probes_kbtf(struct probe_table *tab)
{
	if (!tab->kbtf)
		tab->kbtf = kbtf_new();
	return tab->kbtf;
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* the names are copied: the BTF may be freed once tracing (kbtf_trim) */
static void add_rawtp(void *arg, const char *mod, const char *name,
		      uint32_t id)
{
	struct probe_table *tab = arg;

	(void)mod;
	(void)id;
	if (!strncmp(name, "btf_trace_", 10))
		vec_push(&tab->rawtps, arena_strdup(tab->arena, name + 10));
}

bool prov_has_rawtp(struct probe_table *tab, const char *tp)
{
	if (!tab->rawtps_read) {
		tab->rawtps_read = true;
		kbtf_each(probes_kbtf(tab), BTF_KIND_TYPEDEF, add_rawtp, tab);
		if (tab->rawtps.len)
			qsort(tab->rawtps.data, tab->rawtps.len,
			      sizeof(*tab->rawtps.data), str_cmp);
	}
	return tab->rawtps.len &&
	       bsearch(&tp, tab->rawtps.data, tab->rawtps.len,
		       sizeof(*tab->rawtps.data), str_cmp);
}

static const char *tag_word(const struct btf_type *t)
{
	if (btf_is_struct(t))
		return "struct";
	if (btf_is_union(t))
		return "union";
	if (btf_is_fwd(t))
		return btf_kflag(t) ? "union" : "struct";
	return "enum";
}

/*
 * The C text of a type as a declaration without a name: qualifiers on
 * pointers are dropped (they change nothing for D), and a pointer to a
 * function is "void *", all D can do with one.
 */
const char *prov_btf_type_text(struct arena *a, const struct btf *btf,
			   uint32_t id)
{
	const struct btf_type *t = id ? btf__type_by_id(btf, id) : NULL;
	const char *name, *base;

	if (!t)
		return "void";
	name = btf__name_by_offset(btf, t->name_off);
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPEDEF:
		return name && *name ? arena_strdup(a, name) : "uint64_t";
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
		if (!name || !*name)
			return "uint64_t";	/* anonymous: no name to give */
		return arena_printf(a, "%s %s", tag_word(t), name);
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE: {
		const struct btf_type *b = btf__type_by_id(btf, t->type);

		base = prov_btf_type_text(a, btf, t->type);
		if (b && btf_is_ptr(b))
			return base;
		return arena_printf(a, "%s %s", btf_is_const(t) ? "const"
							: "volatile", base);
	}
	case BTF_KIND_PTR: {
		const struct btf_type *b = btf__type_by_id(btf, t->type);

		while (b && (btf_is_mod(b) || btf_is_type_tag(b)))
			b = btf__type_by_id(btf, b->type);
		if (b && btf_is_func_proto(b))
			return "void *";
		base = prov_btf_type_text(a, btf, t->type);
		return arena_printf(a, "%s%s*", base,
				    base[strlen(base) - 1] == '*' ? "" : " ");
	}
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:		/* __user and the like */
		return prov_btf_type_text(a, btf, t->type);
	case BTF_KIND_ARRAY:
		base = prov_btf_type_text(a, btf, btf_array(t)->type);
		return arena_printf(a, "%s[%u]", base, btf_array(t)->nelems);
	default:
		return "uint64_t";
	}
}

/* the size and sign an integer-like type is loaded with; 0 if none */
uint32_t prov_btf_scalar(const struct btf *btf, uint32_t id, bool *is_signed)
{
	const struct btf_type *t;
	int rid = btf__resolve_type(btf, id);

	*is_signed = false;
	t = rid > 0 ? btf__type_by_id(btf, (uint32_t)rid) : NULL;
	if (!t)
		return 0;
	if (btf_is_ptr(t))
		return 8;
	if (btf_is_int(t)) {
		*is_signed = btf_int_encoding(t) & BTF_INT_SIGNED;
		return t->size;
	}
	if (btf_is_any_enum(t)) {
		*is_signed = btf_is_enum(t) ? true : btf_kflag(t);
		return t->size;
	}
	return 0;
}

/*
 * The kernel's BTF object of a module, as an fd for loading a program
 * that attaches to one of its functions (attach_btf_obj_fd); -errno.
 */
int prov_btf_obj_fd(const char *mod)
{
	uint32_t id = 0;

	while (bpf_btf_get_next_id(id, &id) == 0) {
		char name[64] = "";
		struct bpf_btf_info info = { 0 };
		uint32_t len = sizeof(info);
		int fd = bpf_btf_get_fd_by_id(id);

		if (fd < 0)
			continue;
		info.name = (uint64_t)(uintptr_t)name;
		info.name_len = sizeof(name);
		if (bpf_obj_get_info_by_fd(fd, &info, &len) == 0 &&
		    info.kernel_btf && strcmp(name, mod) == 0)
			return fd;
		close(fd);
	}
	return -ENOENT;
}
