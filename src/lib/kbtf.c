/*
 * The kernel's BTF, loaded once (see kbtf.h).  Modules are kept in one
 * list whether found in /sys/kernel/btf or in a module's file; the
 * names /sys/kernel/btf lists are read once, for kbtf_each and
 * kbtf_find, which search only the modules that are loaded.
 */
#include "kbtf.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec.h"

#define KBTF_DIR	"/sys/kernel/btf"

struct kbtf_mod {
	char *name;
	struct btf *btf;	/* NULL: the module has no BTF */
};

struct kbtf {
	int refs;
	struct btf *vmlinux;
	bool vm_tried;
	VEC(struct kbtf_mod) mods;	/* the modules asked for so far */
	VEC(char *) listed;		/* /sys/kernel/btf's, sorted */
	bool list_read;
};

struct kbtf *kbtf_new(void)
{
	struct kbtf *k = xcalloc(1, sizeof(*k));

	k->refs = 1;
	return k;
}

struct kbtf *kbtf_get(struct kbtf *k)
{
	if (k)
		k->refs++;
	return k;
}

/* the parsed BTF freed: modules first, as they are split on vmlinux */
static void drop_btf(struct kbtf *k)
{
	for (size_t i = 0; i < k->mods.len; i++) {
		btf__free(k->mods.data[i].btf);
		free(k->mods.data[i].name);
	}
	k->mods.len = 0;
	btf__free(k->vmlinux);
	k->vmlinux = NULL;
	k->vm_tried = false;
}

void kbtf_trim(struct kbtf *k)
{
	if (k && k->refs == 1)
		drop_btf(k);
}

void kbtf_put(struct kbtf *k)
{
	if (!k || --k->refs > 0)
		return;
	drop_btf(k);
	vec_free(&k->mods);
	for (size_t i = 0; i < k->listed.len; i++)
		free(k->listed.data[i]);
	vec_free(&k->listed);
	free(k);
}

struct btf *kbtf_vmlinux(struct kbtf *k)
{
	if (!k->vm_tried) {
		k->vm_tried = true;
		k->vmlinux = btf__load_vmlinux_btf();
		if (!k->vmlinux || libbpf_get_error(k->vmlinux))
			k->vmlinux = NULL;
	}
	return k->vmlinux;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_modules(struct kbtf *k)
{
	DIR *dir;
	struct dirent *de;

	if (k->list_read)
		return;
	k->list_read = true;
	if (!(dir = opendir(KBTF_DIR)))
		return;
	while ((de = readdir(dir)))
		if (de->d_name[0] != '.' && strcmp(de->d_name, "vmlinux"))
			vec_push(&k->listed, xstrdup(de->d_name));
	closedir(dir);
	if (k->listed.len)
		qsort(k->listed.data, k->listed.len, sizeof(*k->listed.data),
		      name_cmp);
}

size_t kbtf_nmodules(struct kbtf *k)
{
	list_modules(k);
	return k->listed.len;
}

const char *kbtf_module_name(struct kbtf *k, size_t i)
{
	list_modules(k);
	return i < k->listed.len ? k->listed.data[i] : NULL;
}

/* module name's BTF, read for the first time */
static struct btf *load_module(struct kbtf *k, const char *name,
			       struct btf *base)
{
	char path[300];
	struct btf *b;

	list_modules(k);
	if (k->listed.len &&	/* (the list of none is NULL) */
	    bsearch(&name, k->listed.data, k->listed.len,
		    sizeof(*k->listed.data), name_cmp)) {
		snprintf(path, sizeof(path), KBTF_DIR "/%s", name);
		b = btf__parse_split(path, base);
	} else {	/* not loaded: its file's BTF */
		b = kbtf_kmod_file(name, base);
	}
	return b && !libbpf_get_error(b) ? b : NULL;
}

struct btf *kbtf_module(struct kbtf *k, const char *name)
{
	struct btf *base = kbtf_vmlinux(k);
	struct kbtf_mod m;

	if (!name || !strcmp(name, "vmlinux") || !base)
		return base;
	for (size_t i = 0; i < k->mods.len; i++)
		if (!strcmp(k->mods.data[i].name, name))
			return k->mods.data[i].btf;
	if (strchr(name, '/') || name[0] == '.')
		return NULL;
	m.name = xstrdup(name);
	m.btf = load_module(k, name, base);
	vec_push(&k->mods, m);
	return m.btf;
}

int kbtf_find(struct kbtf *k, const char *name, int kind, struct btf **btf,
	      const char **mod)
{
	struct btf *b = kbtf_vmlinux(k);
	int id = b ? btf__find_by_name_kind(b, name, kind) : -ENOENT;

	if (id > 0) {
		*btf = b;
		*mod = "vmlinux";
		return id;
	}
	for (size_t i = 0; i < kbtf_nmodules(k); i++) {
		const char *m = kbtf_module_name(k, i);

		b = kbtf_module(k, m);
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

/* the types of kind in btf from id first on */
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

void kbtf_each(struct kbtf *k, int kind, kbtf_each_fn *fn, void *arg)
{
	struct btf *vm = kbtf_vmlinux(k);

	if (!vm)
		return;
	each_in(vm, 1, kind, "vmlinux", fn, arg);
	for (size_t i = 0; i < kbtf_nmodules(k); i++) {
		const char *mod = kbtf_module_name(k, i);
		struct btf *b = kbtf_module(k, mod);

		/* a module's own types follow vmlinux's in its split BTF */
		if (b)
			each_in(b, btf__type_cnt(vm), kind, mod, fn, arg);
	}
}
