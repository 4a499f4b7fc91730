/*
 * D libraries.  Every "*.d" file of each library directory is read and
 * parsed, in name order within a directory; "#pragma D depends_on" lines
 * then decide which are kept (a library needing a provider or module this
 * system lacks is dropped, silently, with those that need it) and in what
 * order they are compiled (a library after those it names).  Libraries
 * hold declarations, inlines and pragmas: their inlines are in scope in
 * every user program.
 */
#include "library.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/strbuf.h"
#include "../lib/vec.h"
#include "../providers/provider.h"
#include "compile.h"
#include "parse.h"
#include "pragma.h"
#include "sema.h"

#ifndef BDT_LIBDIR
#define BDT_LIBDIR "/usr/local/lib/dtrace"
#endif

struct lib {
	const char *name;		/* file name, what depends_on names */
	struct node *top;
	int state;			/* 0 new, 1 visiting, 2 placed, -1 dropped */
};

const char *library_default_dir(struct arena *a)
{
	char exe[PATH_MAX], dir[PATH_MAX + 32];
	struct stat st;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n > 0) {
		exe[n] = '\0';
		snprintf(dir, sizeof(dir), "%s/../lib/dtrace", dirname(exe));
		if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
			char *r = realpath(dir, NULL);
			const char *s = arena_strdup(a, r ? r : dir);

			free(r);
			return s;
		}
	}
	return BDT_LIBDIR;
}

static char *read_file(struct arena *a, const char *path)
{
	struct strbuf sb = { 0 };
	char *r = NULL;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return NULL;
	if (sb_read_fd(&sb, fd) == 0)
		r = arena_strdup(a, sb_str(&sb));
	sb_free(&sb);
	close(fd);
	return r;
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static bool have_lib(const struct lib *libs, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(libs[i].name, name) == 0)
			return true;
	return false;
}

/* parse every *.d of dir not already supplied; 0 or -1 */
static int load_dir(struct arena *a, const char *dir, struct diag *d,
		    struct lib **libs, size_t *n)
{
	DIR *dp = opendir(dir);
	VEC(char *) names = { 0 };
	struct dirent *de;
	int err = 0;

	if (!dp)
		return 0;	/* a missing directory holds no libraries */
	while ((de = readdir(dp))) {
		size_t len = strlen(de->d_name);

		if (len > 2 && strcmp(de->d_name + len - 2, ".d") == 0 &&
		    de->d_name[0] != '.')
			vec_push(&names, arena_strdup(a, de->d_name));
	}
	closedir(dp);
	if (names.len)
		qsort(names.data, names.len, sizeof(char *), by_name);
	for (size_t i = 0; i < names.len && !err; i++) {
		if (have_lib(*libs, *n, names.data[i]))
			continue;
		struct source *src = arena_alloc(a, sizeof(*src));
		struct program prog = { 0 };

		src->name = arena_printf(a, "%s/%s", dir, names.data[i]);
		src->is_file = true;
		src->is_library = true;
		src->text = read_file(a, src->name);
		if (!src->text)
			continue;
		if (parse_program(a, src, d, &prog) < 0) {
			err = -1;
			break;
		}
		*libs = realloc(*libs, (*n + 1) * sizeof(**libs));
		(*libs)[(*n)++] = (struct lib){ names.data[i], prog.top, 0 };
	}
	vec_free(&names);
	return err;
}

/* "D depends_on CLASS NAME": class and name, or false */
static bool depends(const struct node *n, char *cls, char *name, size_t sz)
{
	char fmt[64];

	if (n->kind != NK_PRAGMA)
		return false;
	snprintf(fmt, sizeof(fmt), " D depends_on %%%zus %%%zus", sz - 1, sz - 1);
	return sscanf(n->sval, fmt, cls, name) == 2;
}

static bool module_present(const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	if (strcmp(name, "vmlinux") == 0 || strcmp(name, "kernel") == 0)
		return true;
	snprintf(path, sizeof(path), "/sys/module/%s", name);
	return stat(path, &st) == 0;
}

/* Is the system dependency met (a provider or a module)? */
static bool system_has(const char *cls, const char *name)
{
	if (strcmp(cls, "provider") == 0)
		return provider_lookup(name) != NULL;
	if (strcmp(cls, "module") == 0)
		return module_present(name);
	return true;
}

static int find_lib(struct lib *libs, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(libs[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* Place library i after its dependencies (depth first); 0 or -1. */
static int place(struct lib *libs, size_t n, size_t i, struct libset *ls,
		 struct diag *d)
{
	struct lib *l = &libs[i];
	char cls[64], name[256];

	if (l->state == 2 || l->state == -1)
		return 0;
	if (l->state == 1) {
		diag_error(d, l->top ? l->top->loc : (struct srcloc){ 0 },
			   D_PRAGMA_DEPEND,
			   "library %s: circular dependency", l->name);
		return -1;
	}
	l->state = 1;
	for (struct node *t = l->top; t; t = t->next) {
		if (!depends(t, cls, name, sizeof(cls)))
			continue;
		if (strcmp(cls, "library") == 0) {
			int j = find_lib(libs, n, name);

			if (j < 0) {
				diag_error(d, t->loc, D_PRAGMA_DEPEND,
					   "library %s requires library %s, which is not in the library path",
					   l->name, name);
				return -1;
			}
			if (place(libs, n, (size_t)j, ls, d) < 0)
				return -1;
			if (libs[j].state == -1) {
				l->state = -1;
				return 0;
			}
		} else if (!system_has(cls, name)) {
			l->state = -1;	/* not for this system: left out */
			return 0;
		}
	}
	l->state = 2;
	ls->tops[ls->n] = l->top;
	ls->names[ls->n++] = l->name;
	return 0;
}

int library_load(struct compile_req *req, struct arena *a, struct diag *d,
		 struct libset *ls)
{
	struct lib *libs = NULL;
	size_t n = 0;
	int err = 0;

	memset(ls, 0, sizeof(*ls));
	for (int i = 0; i < req->nlibdirs && !err; i++)
		err = load_dir(a, req->libdirs[i], d, &libs, &n);
	if (!err && n) {
		ls->tops = arena_alloc(a, n * sizeof(*ls->tops));
		ls->names = arena_alloc(a, n * sizeof(*ls->names));
		for (size_t i = 0; i < n && !err; i++)
			err = place(libs, n, i, ls, d);
	}
	free(libs);
	/* their options first, so that a user program's pragmas win */
	for (size_t i = 0; i < ls->n && !err; i++)
		for (struct node *t = ls->tops[i]; t && !err; t = t->next)
			if (t->kind == NK_PRAGMA)
				err = pragma_apply(t, req->opts, d);
	return err;
}

int library_compile(struct sema *s, const struct libset *ls, bool defer)
{
	int rc = 0;

	s->in_library = true;	/* their inlines and translators: lazily */
	for (size_t i = 0; i < ls->n && !rc; i++)
		for (struct node *t = ls->tops[i]; t && !rc; t = t->next) {
			/* a clause is checked, as DTrace compiles it, and
			 * dropped: a library enables nothing */
			if (t->kind == NK_CLAUSE) {
				s->probes = NULL;
				rc = sema_clause(s, t);
				s->clause = NULL;
			} else if (!defer || !sema_defer_decl(s, t)) {
				rc = sema_toplevel(s, t);
			}
		}
	s->in_library = false;
	return rc;
}

int library_check_depends(const struct node *pragma, const struct libset *ls,
			  struct compile_req *req, struct diag *d)
{
	char cls[64], name[256];

	if (!depends(pragma, cls, name, sizeof(cls)))
		return 0;
	if (strcmp(cls, "library") == 0) {
		/* libraries are for libraries: DTrace refuses the rest */
		diag_error(d, pragma->loc, D_PRAGMA_DEPEND,
			   "main program may not explicitly depend on a library");
		return -1;
	}
	if (system_has(cls, name))
		return 0;
	diag_error(d, pragma->loc, D_PRAGMA_DEPEND, "program requires %s %s",
		   cls, name);
	return -1;
}
