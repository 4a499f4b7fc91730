/*
 * Safe opening of output files (ofile.h).  The path is walked with
 * openat(2) from a directory fd pinned at each step, so a name checked
 * is the name used.  A symbolic link is pinned too (O_PATH|O_NOFOLLOW):
 * its owner is checked and its target read from that same inode with
 * readlinkat(fd, ""), so it cannot be swapped between the check and the
 * use; the target is then walked the same way.  In procfs the kernel
 * follows its own "magic" links (/proc/self/fd/1 names a pipe, not a
 * path), which no user can plant.
 */
#define _GNU_SOURCE
#include "ofile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#ifndef PROC_SUPER_MAGIC
#define PROC_SUPER_MAGIC	0x9fa0
#endif

/* as the kernel's MAXSYMLINKS */
#define OFILE_MAX_LINKS		40

struct walk {
	char *rest;		/* the path still to resolve (malloc'ed) */
	int dirfd;		/* the directory reached so far */
	int links;		/* symbolic links followed */
	char *why;
	size_t whylen;
};

static bool trusted(uid_t uid)
{
	return uid == 0 || uid == geteuid();
}

static bool on_procfs(int fd)
{
	struct statfs sf;

	return fstatfs(fd, &sf) == 0 && sf.f_type == PROC_SUPER_MAGIC;
}

static int fail(struct walk *w, int err)
{
	snprintf(w->why, w->whylen, "%s", strerror(err));
	errno = err;
	return -1;
}

static void set_dir(struct walk *w, int fd)
{
	if (w->dirfd >= 0)
		close(w->dirfd);
	w->dirfd = fd;
}

/*
 * Take the next component off w->rest into name (NUL-terminated, in
 * place); *last when nothing but slashes follows it.  false at the end.
 */
static bool next_name(char **cursor, char **name, bool *last)
{
	char *p = *cursor, *e;

	while (*p == '/')
		p++;
	if (!*p)
		return false;
	e = strchrnul(p, '/');
	*cursor = *e ? e + 1 : e;
	*e = '\0';
	*name = p;
	while (**cursor == '/')
		(*cursor)++;
	*last = **cursor == '\0';
	return true;
}

/*
 * The symbolic link pinned at lfd (named name): refuse another user's,
 * else make its target the start of what remains to walk.
 */
static int follow(struct walk *w, int lfd, const char *name,
		  const char *remaining)
{
	char target[PATH_MAX + 1];
	struct stat st;
	ssize_t n;
	char *rest;

	if (fstat(lfd, &st) < 0)
		return fail(w, errno);
	if (!trusted(st.st_uid)) {
		snprintf(w->why, w->whylen, "symbolic link '%s' is owned by "
			 "uid %u; not following it", name,
			 (unsigned)st.st_uid);
		errno = EPERM;
		return -1;
	}
	if (++w->links > OFILE_MAX_LINKS)
		return fail(w, ELOOP);
	n = readlinkat(lfd, "", target, sizeof(target) - 1);
	if (n < 0)
		return fail(w, errno);
	target[n] = '\0';
	if (target[0] == '/') {
		int root = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);

		if (root < 0)
			return fail(w, errno);
		set_dir(w, root);
	}
	if (asprintf(&rest, "%s%s%s", target, *remaining ? "/" : "",
		     remaining) < 0)
		return fail(w, ENOMEM);
	free(w->rest);
	w->rest = rest;
	return 0;
}

/* A file another user owns in a sticky world-writable directory. */
static int check_planted(struct walk *w, const struct stat *st,
			 const char *name)
{
	struct stat dir;

	if (trusted(st->st_uid) || fstat(w->dirfd, &dir) < 0 ||
	    !(dir.st_mode & S_ISVTX) || !(dir.st_mode & S_IWOTH) ||
	    st->st_uid == dir.st_uid)
		return 0;
	snprintf(w->why, w->whylen, "'%s' is owned by uid %u in a shared "
		 "directory; not writing to it", name, (unsigned)st->st_uid);
	errno = EPERM;
	return -1;
}

/* The last component: open it, or follow it if it is a link. */
static int open_last(struct walk *w, const char *name, int flags,
		     mode_t mode, const char *remaining, int *fdp)
{
	int oflags = flags | O_CREAT | O_CLOEXEC;
	struct stat st;
	int fd, lfd;

	*fdp = -1;
	if (on_procfs(w->dirfd)) {
		fd = openat(w->dirfd, name, oflags, mode);
		if (fd < 0)
			return fail(w, errno);
		*fdp = fd;
		return 0;
	}
	if (fstatat(w->dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    !S_ISLNK(st.st_mode) && check_planted(w, &st, name) < 0)
		return -1;
	fd = openat(w->dirfd, name, oflags | O_NOFOLLOW, mode);
	if (fd >= 0) {
		if (fstat(fd, &st) < 0 || check_planted(w, &st, name) < 0) {
			int e = errno;

			close(fd);
			errno = e;
			return e == EPERM ? -1 : fail(w, e);
		}
		*fdp = fd;
		return 0;
	}
	/* a link in a sticky directory: EACCES where protected_symlinks
	 * is set, which the link's owner explains better */
	if (errno != ELOOP && (errno != EACCES ||
			       fstatat(w->dirfd, name, &st,
				       AT_SYMLINK_NOFOLLOW) < 0 ||
			       !S_ISLNK(st.st_mode)))
		return fail(w, errno);
	lfd = openat(w->dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (lfd < 0)
		return fail(w, errno);
	int rc = follow(w, lfd, name, remaining);

	close(lfd);
	return rc;
}

/* An intermediate component: enter it, or follow it if it is a link. */
static int enter(struct walk *w, const char *name, const char *remaining)
{
	struct stat st;
	int fd;

	if (on_procfs(w->dirfd)) {
		fd = openat(w->dirfd, name, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0)
			return fail(w, errno);
		set_dir(w, fd);
		return 0;
	}
	fd = openat(w->dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return fail(w, errno);
	if (fstat(fd, &st) < 0) {
		close(fd);
		return fail(w, errno);
	}
	if (S_ISDIR(st.st_mode)) {
		set_dir(w, fd);
		return 0;
	}
	if (!S_ISLNK(st.st_mode)) {
		close(fd);
		return fail(w, ENOTDIR);
	}
	int rc = follow(w, fd, name, remaining);

	close(fd);
	return rc;
}

int ofile_open(const char *path, int flags, mode_t mode, char *why,
	       size_t whylen)
{
	struct walk w = { .why = why, .whylen = whylen, .dirfd = -1 };
	int fd = -1;

	if (!*path) {
		fail(&w, ENOENT);
		return -1;
	}
	w.rest = strdup(path);
	w.dirfd = open(path[0] == '/' ? "/" : ".",
		       O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (!w.rest || w.dirfd < 0) {
		fail(&w, w.rest ? errno : ENOMEM);
		goto out;
	}
	for (;;) {
		char *cursor = w.rest, *name, *remaining;
		bool last;
		int rc;

		if (!next_name(&cursor, &name, &last)) {
			/* "/" or "dir/": a directory cannot be written */
			fail(&w, EISDIR);
			break;
		}
		/* a link's target replaces w.rest, name and all */
		name = strdup(name);
		remaining = strdup(cursor);
		if (!name || !remaining) {
			free(name);
			free(remaining);
			fail(&w, ENOMEM);
			break;
		}
		memmove(w.rest, cursor, strlen(cursor) + 1);
		if (last)
			rc = open_last(&w, name, flags, mode, remaining, &fd);
		else
			rc = enter(&w, name, remaining);
		free(name);
		free(remaining);
		if (rc < 0 || fd >= 0)
			break;
	}
out:
	free(w.rest);
	if (w.dirfd >= 0)
		close(w.dirfd);
	return fd;
}
