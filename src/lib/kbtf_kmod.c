/*
 * The BTF of a kernel module that is not loaded, read from its file, so
 * that `struct can`dev_rcv_lists` names a type whether or not the
 * module is in the kernel, as DTrace's CTF archive lets it.  A module
 * built with BTF carries it in its .BTF section, split against the
 * vmlinux BTF of the same kernel build; the file is the one modules.dep
 * lists for the running kernel (/lib/modules/RELEASE/modules.dep, where
 * "can-raw" and "can_raw" name the same module, as modprobe takes
 * them).  A compressed module (.ko.xz, .ko.zst) is not read: its types
 * are those of a module that is loaded.
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include <bpf/btf.h>

#include "kbtf.h"

/* module names compare with '-' and '_' the same */
static bool same_mod(const char *a, const char *b, size_t blen)
{
	size_t i = 0;

	for (; i < blen && a[i]; i++) {
		char x = a[i] == '-' ? '_' : a[i], y = b[i] == '-' ? '_' : b[i];

		if (x != y)
			return false;
	}
	return i == blen && !a[i];
}

/* the path of module mod's uncompressed file, in buf; false if none */
static bool kmod_file(const char *mod, char *buf, size_t size)
{
	struct utsname u;
	char dep[300], line[4096];
	bool found = false;

	if (uname(&u) < 0)
		return false;
	snprintf(dep, sizeof(dep), "/lib/modules/%s/modules.dep", u.release);
	FILE *f = fopen(dep, "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon || colon - line < 4 || strncmp(colon - 3, ".ko", 3))
			continue;
		*colon = '\0';
		const char *slash = strrchr(line, '/');
		const char *base = slash ? slash + 1 : line;

		if (!same_mod(mod, base, strlen(base) - 3))
			continue;
		snprintf(buf, size, "/lib/modules/%s/%s", u.release, line);
		found = true;
	}
	fclose(f);
	return found;
}

struct btf *kbtf_kmod_file(const char *mod, struct btf *base)
{
	char path[4400];

	if (!kmod_file(mod, path, sizeof(path)))
		return NULL;
	return btf__parse_split(path, base);
}
