/*
 * tracefs: where the kernel lists its tracepoints (available_events),
 * numbers them (events/G/E/id) and describes their records
 * (events/G/E/format).  The syscall and sdt providers read the event list
 * once per probe table and a format file only when a probe's arguments
 * are needed, so start-up costs one read of one file.  Nothing is cached
 * in globals: the mount point and the event list live in the table.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "prov.h"

#define TRACEFS_MAIN	"/sys/kernel/tracing"
#define TRACEFS_DEBUG	"/sys/kernel/debug/tracing"

static bool has_events(const char *root)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), "%s/events", root);
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *tracefs_path(void)
{
	if (has_events(TRACEFS_MAIN))
		return TRACEFS_MAIN;
	if (has_events(TRACEFS_DEBUG))
		return TRACEFS_DEBUG;
	/* not mounted anywhere: mount it where the kernel expects it */
	if (mount("tracefs", TRACEFS_MAIN, "tracefs", 0, NULL) < 0)
		return NULL;	/* errno says why */
	if (has_events(TRACEFS_MAIN))
		return TRACEFS_MAIN;
	errno = ENOENT;
	return NULL;
}

const char *tracefs_missing(struct probe_table *tab)
{
	if (tracefs_root(tab))
		return NULL;
	if (!tab->tracefs_why)
		tab->tracefs_why = arena_printf(tab->arena,
			"tracefs, where the kernel lists its tracepoints, is not "
			"mounted, and mounting it on %s failed: %s",
			TRACEFS_MAIN, strerror(tab->tracefs_err));
	return tab->tracefs_why;
}

const char *tracefs_root(struct probe_table *tab)
{
	if (!tab->tracefs && !tab->tracefs_err) {
		tab->tracefs = tracefs_path();
		if (!tab->tracefs)
			tab->tracefs_err = errno ? errno : ENOENT;
	}
	return tab->tracefs;
}

const char *tracefs_events(struct probe_table *tab)
{
	char *buf;

	if (tab->events)
		return *tab->events ? tab->events : NULL;
	if (!tracefs_root(tab) ||
	    tracefs_read(tab->arena, tab->tracefs, "available_events", &buf))
		buf = "";
	tab->events = buf;
	return *buf ? buf : NULL;
}

void tracefs_each_event(struct probe_table *tab,
			void (*fn)(struct probe_table *tab, const char *group,
				   const char *event, void *arg),
			void *arg)
{
	const char *ev = tracefs_events(tab);
	char buf[256];

	while (ev && *ev) {
		const char *e = strchrnul(ev, '\n');
		size_t len = (size_t)(e - ev);
		char *colon;

		if (len && len < sizeof(buf)) {
			memcpy(buf, ev, len);
			buf[len] = '\0';
			colon = strchr(buf, ':');
			if (colon && colon != buf && colon[1]) {
				*colon = '\0';
				fn(tab, buf, colon + 1, arg);
			}
		}
		ev = *e ? e + 1 : e;
	}
}

bool tracefs_has_event(const struct provider *prov, struct probe_table *tab,
		       const char *pattern)
{
	const char *ev = tracefs_events(tab);
	char buf[256];

	while (ev && *ev) {
		const char *e = strchrnul(ev, '\n');
		const char *colon = memchr(ev, ':', (size_t)(e - ev));
		size_t len = colon ? (size_t)(e - colon - 1) : 0;

		if (len && len < sizeof(buf)) {
			memcpy(buf, colon + 1, len);
			buf[len] = '\0';
			if (probes_gmatch(buf, pattern))
				return true;
		}
		ev = *e ? e + 1 : e;
	}
	return false;
}

/*
 * tracefs files report size 0, so read until end of file.  One read
 * takes most files whole: each read of a list such as available_events
 * walks the kernel's list again from its start up to the offset, and
 * pages of the buffer past what is read are never touched.
 */
#define TRACEFS_READ	(256 * 1024)
/* a file this big is kept in its buffer rather than copied */
#define TRACEFS_KEEP	(16 * 1024)

int tracefs_read(struct arena *a, const char *root, const char *rel,
		 char **out)
{
	char path[512];
	size_t len = 0, cap = TRACEFS_READ;
	char *buf = NULL;
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	buf = xmalloc(cap);
	for (;;) {
		ssize_t n;

		if (len + 1 >= cap) {
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			goto out;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
	if (len >= TRACEFS_KEEP) {
		arena_adopt(a, buf);
		*out = buf;
		buf = NULL;
	} else {
		*out = arena_memdup(a, buf, len + 1);
	}
out:
	free(buf);
	close(fd);
	return err;
}

int tracefs_event_id(const char *root, const char *path)
{
	char file[512], buf[32];
	ssize_t n;
	int fd;

	snprintf(file, sizeof(file), "%s/events/%s/id", root, path);
	fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -EINVAL;
	buf[n] = '\0';
	return atoi(buf);
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/*
 * Split a field declaration ("unsigned long args[6]", "char * buf",
 * "__data_loc char[] filename") into name and type text, and decide how
 * the prologue can load it.  decl is modified.
 */
static void parse_decl(struct arena *a, char *decl, struct probe_arg *arg)
{
	bool dataloc = false, relloc = false;
	char *arr = NULL, *name, *type;

	decl = trim(decl);
	if (starts(decl, "__data_loc ")) {
		dataloc = true;
		decl += strlen("__data_loc ");
	} else if (starts(decl, "__rel_loc ")) {
		relloc = true;
		decl += strlen("__rel_loc ");
	}
	if (decl[0] && decl[strlen(decl) - 1] == ']') {
		arr = strrchr(decl, '[');
		arr = arena_strdup(a, arr);
		*strrchr(decl, '[') = '\0';
		decl = trim(decl);
	}
	name = decl + strlen(decl);
	while (name > decl && (isalnum((unsigned char)name[-1]) ||
			       name[-1] == '_'))
		name--;
	arg->name = arena_strdup(a, name);
	*name = '\0';
	type = trim(decl);

	if (dataloc) {
		/* "char[]" -> "char *": the argument is the data's address */
		char *br = strchr(type, '[');

		if (br)
			*br = '\0';
		arg->type = arena_printf(a, "%s *", trim(type));
		arg->is_dataloc = true;
		arg->is_string = strcmp(trim(type), "char") == 0;
		arg->is_signed = false;
		if (arg->size != 4)
			arg->size = 0;
		return;
	}
	arg->type = arr ? arena_printf(a, "%s%s", type, arr)
			: arena_strdup(a, type);
	if (relloc || arr)
		arg->size = 0;
	if (arg->size != 1 && arg->size != 2 && arg->size != 4 &&
	    arg->size != 8)
		arg->size = 0;
	/* the verifier wants context loads aligned to their size */
	if (arg->size && arg->offset % arg->size)
		arg->size = 0;
}

/* the number after key in line, or -1 */
static long field_num(const char *line, const char *key)
{
	const char *p = strstr(line, key);

	if (!p)
		return -1;
	p += strlen(key);
	if (!isdigit((unsigned char)*p))
		return -1;
	return strtol(p, NULL, 10);
}

/* parse one "field:DECL; offset:N; size:N; signed:N;" line into arg */
static int parse_field(struct arena *a, char *line, struct probe_arg *arg)
{
	char *decl = strstr(line, "field:") + strlen("field:");
	char *semi = strchr(decl, ';');
	long off = field_num(line, "offset:");
	long size = field_num(line, "size:");
	long sign = field_num(line, "signed:");

	if (!semi || off < 0 || size < 0 || sign < 0)
		return -EINVAL;
	*semi = '\0';
	memset(arg, 0, sizeof(*arg));
	arg->offset = (uint32_t)off;
	arg->size = (uint32_t)size;
	arg->is_signed = sign != 0;
	parse_decl(a, decl, arg);
	return 0;
}

int tracefs_parse_format(struct arena *a, const char *text, const char *skip,
			 struct probe_arg **out)
{
	VEC(struct probe_arg) v = {0};
	const char *p = text;
	char line[1024];
	int err = -EINVAL, n;

	if (!strstr(text, "format:"))
		goto out;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		struct probe_arg arg;

		if (len < sizeof(line)) {
			memcpy(line, p, len);
			line[len] = '\0';
		} else {
			line[0] = '\0';	/* no field line is this long */
		}
		p += len + (e != NULL);
		if (!strstr(line, "field:"))
			continue;
		if (parse_field(a, line, &arg) < 0)
			goto out;
		if (starts(arg.name, "common_") ||
		    (skip && strcmp(arg.name, skip) == 0))
			continue;
		vec_push(&v, arg);
	}
	n = (int)v.len;
	*out = n ? arena_memdup(a, v.data, v.len * sizeof(*v.data)) : NULL;
	err = n;
out:
	vec_free(&v);
	return err;
}

int tracefs_describe(struct arena *a, const char *root, const char *path,
		     const char *skip, struct probe_arg **out)
{
	char rel[512], *text;
	int err;

	if (!root)
		return -ENOENT;
	snprintf(rel, sizeof(rel), "events/%s/format", path);
	err = tracefs_read(a, root, rel, &text);
	if (err < 0)
		return err;
	return tracefs_parse_format(a, text, skip, out);
}
