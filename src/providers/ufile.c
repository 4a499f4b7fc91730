/*
 * Files no process maps yet.  A provider glob over every process with a
 * module named ("python*:libpython3.11.so*::function-entry",
 * "pid*:myapp:main:entry") also finds that module in the files the
 * next process would run or load: the programs in dtrace's PATH and the
 * libraries in LD_LIBRARY_PATH and the dynamic linker's directories
 * (/etc/ld.so.conf and the trusted /lib and /usr/lib), each file once
 * however many links lead to it, by its own name (the module name a
 * process mapping it would show: /usr/bin/awk is gawk's link).  Only files of the machine's
 * own kind (64-bit x86-64 ELF) are offered: a uprobe on a 32-bit
 * library would be decoded as 64-bit code.  uwide.c attaches their
 * probes to the file, for every process that maps it later.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <elf.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/strmap.h"
#include "../lib/vec.h"
#include "uproc.h"

struct search {
	const char *pat;
	void (*fn)(const char *path, void *arg);
	void *arg;
	struct strmap seen;	/* directories and files, by real path */
	VEC(char *) names;	/* the keys of seen */
};

/* Has path not been seen?  It is then. */
static bool first_time(struct search *s, const char *path)
{
	char *key;

	if (strmap_get(&s->seen, path))
		return false;
	key = strdup(path);
	if (!key)
		return false;
	vec_push(&s->names, key);
	strmap_put(&s->seen, key, key);
	return true;
}

/* A 64-bit x86-64 ELF program or library? */
static bool native_elf(const char *path)
{
	unsigned char h[EI_NIDENT + 4];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return false;
	n = read(fd, h, sizeof(h));
	close(fd);
	return n == (ssize_t)sizeof(h) && memcmp(h, ELFMAG, SELFMAG) == 0 &&
	       h[EI_CLASS] == ELFCLASS64 && h[EI_DATA] == ELFDATA2LSB &&
	       (h[EI_NIDENT] == ET_EXEC || h[EI_NIDENT] == ET_DYN) &&
	       h[EI_NIDENT + 2] == EM_X86_64 && h[EI_NIDENT + 3] == 0;
}

/* The files of directory dir whose names answer to the module pattern. */
static void search_dir(struct search *s, const char *dir)
{
	char real[PATH_MAX], path[PATH_MAX + NAME_MAX + 2], file[PATH_MAX];
	struct dirent *e;
	struct stat st;
	DIR *d;

	if (!*dir || !realpath(dir, real) || !first_time(s, real) ||
	    !(d = opendir(real)))
		return;
	while ((e = readdir(d))) {
		const char *base;

		/*
		 * a link's name is not a module's, its target's is; but only
		 * the links whose own name matches are followed (resolving
		 * the thousand links of a library directory costs seconds
		 * on a slow file system), a target in a directory searched
		 * being found under its own name
		 */
		if (e->d_name[0] == '.' ||
		    !uproc_mod_match(e->d_name, e->d_name, false, s->pat))
			continue;
		snprintf(path, sizeof(path), "%s/%s", real, e->d_name);
		if (!realpath(path, file) || stat(file, &st) < 0 ||
		    !S_ISREG(st.st_mode))
			continue;
		base = strrchr(file, '/') + 1;
		if (uproc_mod_match(base, base, false, s->pat) &&
		    first_time(s, file) && native_elf(file))
			s->fn(file, s->arg);
	}
	closedir(d);
}

/* Each directory of a colon-separated list (PATH, LD_LIBRARY_PATH). */
static void search_list(struct search *s, const char *list)
{
	char *copy, *save = NULL;

	if (!list || !(copy = strdup(list)))
		return;
	for (char *dir = strtok_r(copy, ":", &save); dir;
	     dir = strtok_r(NULL, ":", &save))
		search_dir(s, dir);
	free(copy);
}

/*
 * The directories an ld.so.conf file lists, one a line ("include GLOB"
 * reads more files, as ldconfig does); depth bounds include loops.
 */
static void search_conf(struct search *s, const char *file, int depth)
{
	char line[PATH_MAX];
	FILE *fp;

	if (depth > 4 || !(fp = fopen(file, "re")))
		return;
	while (fgets(line, sizeof(line), fp)) {
		char *p = line + strspn(line, " \t");
		glob_t g;

		p[strcspn(p, "#\n")] = '\0';
		while (*p && strchr(" \t", p[strlen(p) - 1]))
			p[strlen(p) - 1] = '\0';
		if (strncmp(p, "include", 7) != 0 || !strchr(" \t", p[7])) {
			search_dir(s, p);
			continue;
		}
		p += 8 + strspn(p + 8, " \t");
		if (glob(p, 0, NULL, &g) != 0)
			continue;
		for (size_t i = 0; i < g.gl_pathc; i++)
			search_conf(s, g.gl_pathv[i], depth + 1);
		globfree(&g);
	}
	fclose(fp);
}

void ufile_each(const char *pat, void (*fn)(const char *path, void *arg),
		void *arg)
{
	static const char *const trusted[] = {
		"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
		"/lib64", "/usr/lib64", "/lib", "/usr/lib",
	};
	struct search s = { .pat = pat, .fn = fn, .arg = arg };

	search_list(&s, getenv("PATH"));
	search_list(&s, getenv("LD_LIBRARY_PATH"));
	search_conf(&s, "/etc/ld.so.conf", 0);
	for (size_t i = 0; i < sizeof(trusted) / sizeof(*trusted); i++)
		search_dir(&s, trusted[i]);
	for (size_t i = 0; i < s.names.len; i++)
		free(s.names.data[i]);
	vec_free(&s.names);
	strmap_free(&s.seen);
}
