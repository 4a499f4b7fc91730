/*
 * The kernel's BTF as the providers see it: vmlinux's and each module's
 * (split against vmlinux), loaded with libbpf on first use and kept in
 * the probe table, so that fbt's function list, rawtp's tracepoint
 * prototypes and the attach-time BTF ids all read one copy.  Types are
 * handed to the compiler as C type text ("struct file *", "size_t"),
 * the interface provider.h already has for tracepoint fields; the
 * compiler resolves the names in its own BTF.
 */
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prov.h"

#define KBTF_DIR	"/sys/kernel/btf"

struct kbtf_mod {
	char *name;
	struct btf *btf;	/* NULL until loaded, or if it fails */
	bool tried;
};

struct kbtf {
	struct btf *vmlinux;
	bool vm_tried;
	VEC(struct kbtf_mod) mods;	/* listed on first use */
	bool listed;
	VEC(const char *) rawtps;	/* sorted, from btf_trace_ typedefs */
	bool rawtps_read;
};

static struct kbtf *kbtf_of(struct probe_table *tab)
{
	if (!tab->kbtf)
		tab->kbtf = xcalloc(1, sizeof(*tab->kbtf));
	return tab->kbtf;
}

struct btf *kbtf_vmlinux(struct probe_table *tab)
{
	struct kbtf *k = kbtf_of(tab);

	if (!k->vm_tried) {
		k->vm_tried = true;
		k->vmlinux = btf__load_vmlinux_btf();
		if (!k->vmlinux || libbpf_get_error(k->vmlinux))
			k->vmlinux = NULL;
	}
	return k->vmlinux;
}

static int mod_cmp(const void *a, const void *b)
{
	return strcmp(((const struct kbtf_mod *)a)->name,
		      ((const struct kbtf_mod *)b)->name);
}

/* the modules with BTF, in name order */
static void list_modules(struct kbtf *k)
{
	DIR *dir;
	struct dirent *de;

	if (k->listed)
		return;
	k->listed = true;
	if (!(dir = opendir(KBTF_DIR)))
		return;
	while ((de = readdir(dir))) {
		struct kbtf_mod m = { 0 };

		if (de->d_name[0] == '.' || !strcmp(de->d_name, "vmlinux"))
			continue;
		m.name = xstrdup(de->d_name);
		vec_push(&k->mods, m);
	}
	closedir(dir);
	if (k->mods.len)
		qsort(k->mods.data, k->mods.len, sizeof(*k->mods.data),
		      mod_cmp);
}

size_t kbtf_nmodules(struct probe_table *tab)
{
	struct kbtf *k = kbtf_of(tab);

	list_modules(k);
	return k->mods.len;
}

const char *kbtf_module_name(struct probe_table *tab, size_t i)
{
	struct kbtf *k = kbtf_of(tab);

	list_modules(k);
	return i < k->mods.len ? k->mods.data[i].name : NULL;
}

struct btf *kbtf_module(struct probe_table *tab, const char *name)
{
	struct kbtf *k = kbtf_of(tab);
	struct btf *vm;

	if (!name || !strcmp(name, "vmlinux"))
		return kbtf_vmlinux(tab);
	list_modules(k);
	for (size_t i = 0; i < k->mods.len; i++) {
		struct kbtf_mod *m = &k->mods.data[i];

		if (strcmp(m->name, name) != 0)
			continue;
		if (!m->tried && (vm = kbtf_vmlinux(tab))) {
			m->tried = true;
			m->btf = btf__load_module_btf(name, vm);
			if (!m->btf || libbpf_get_error(m->btf))
				m->btf = NULL;
		}
		return m->btf;
	}
	return NULL;
}

int kbtf_find(struct probe_table *tab, const char *name, int kind,
	      struct btf **btf, const char **mod)
{
	struct btf *b = kbtf_vmlinux(tab);
	int id = b ? btf__find_by_name_kind(b, name, kind) : -ENOENT;

	if (id > 0) {
		*btf = b;
		*mod = "vmlinux";
		return id;
	}
	for (size_t i = 0; i < kbtf_nmodules(tab); i++) {
		const char *m = kbtf_module_name(tab, i);

		b = kbtf_module(tab, m);
		/* a module's own types follow vmlinux's in its split BTF */
		id = b ? btf__find_by_name_kind(b, name, kind) : -ENOENT;
		if (id > 0) {
			*btf = b;
			*mod = m;
			return id;
		}
	}
	return -ENOENT;
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* the types of kind in btf from id first on (a module's own follow vmlinux's) */
static void each_in(const struct btf *btf, uint32_t first, int kind,
		    const char *mod, kbtf_each_fn *fn, void *arg)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t id = first; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;

		if (btf_kind(t) != kind)
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		if (name && *name)
			fn(arg, mod, name, id);
	}
}

void kbtf_each(struct probe_table *tab, int kind, kbtf_each_fn *fn, void *arg)
{
	struct btf *vm = kbtf_vmlinux(tab);

	if (!vm)
		return;
	each_in(vm, 1, kind, "vmlinux", fn, arg);
	for (size_t i = 0; i < kbtf_nmodules(tab); i++) {
		const char *mod = kbtf_module_name(tab, i);
		struct btf *b = kbtf_module(tab, mod);

		if (b)
			each_in(b, btf__type_cnt(vm), kind, mod, fn, arg);
	}
}

static void add_rawtp(void *arg, const char *mod, const char *name,
		      uint32_t id)
{
	struct kbtf *k = arg;

	if (!strncmp(name, "btf_trace_", 10))
		vec_push(&k->rawtps, name + 10);
}

bool kbtf_has_rawtp(struct probe_table *tab, const char *tp)
{
	struct kbtf *k = kbtf_of(tab);

	if (!k->rawtps_read) {
		k->rawtps_read = true;
		kbtf_each(tab, BTF_KIND_TYPEDEF, add_rawtp, k);
		if (k->rawtps.len)
			qsort(k->rawtps.data, k->rawtps.len,
			      sizeof(*k->rawtps.data), str_cmp);
	}
	return k->rawtps.len &&
	       bsearch(&tp, k->rawtps.data, k->rawtps.len,
		       sizeof(*k->rawtps.data), str_cmp);
}

void kbtf_free(struct kbtf *k)
{
	if (!k)
		return;
	vec_free(&k->rawtps);
	for (size_t i = 0; i < k->mods.len; i++) {
		btf__free(k->mods.data[i].btf);
		free(k->mods.data[i].name);
	}
	vec_free(&k->mods);
	btf__free(k->vmlinux);
	free(k);
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
const char *kbtf_type_text(struct arena *a, const struct btf *btf,
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

		base = kbtf_type_text(a, btf, t->type);
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
		base = kbtf_type_text(a, btf, t->type);
		return arena_printf(a, "%s%s*", base,
				    base[strlen(base) - 1] == '*' ? "" : " ");
	}
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:		/* __user and the like */
		return kbtf_type_text(a, btf, t->type);
	case BTF_KIND_ARRAY:
		base = kbtf_type_text(a, btf, btf_array(t)->type);
		return arena_printf(a, "%s[%u]", base, btf_array(t)->nelems);
	default:
		return "uint64_t";
	}
}

/* the size and sign an integer-like type is loaded with; 0 if none */
uint32_t kbtf_scalar(const struct btf *btf, uint32_t id, bool *is_signed)
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
