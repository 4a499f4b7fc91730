/*
 * Opening the files dtrace writes (-o, freopen(), -h) without being
 * turned against the system by another user: dtrace runs as root, and a
 * symbolic link planted in a shared directory (/tmp/trace.out ->
 * /etc/shadow) would otherwise make it append trace output wherever the
 * planter likes.  The path is resolved one component at a time, as the
 * kernel would, but a symbolic link is followed only when it belongs to
 * the user dtrace runs as or to root (the links procfs makes, such as
 * /dev/stdout's /proc/self/fd/1, are the kernel's and always followed).
 * In a sticky world-writable directory an existing file of another user
 * is refused too (it could be read by its owner), as the kernel's
 * protected_regular does.  New files get the mode asked for (0600 for
 * trace output: it holds whatever was traced).
 */
#ifndef BD_OFILE_H
#define BD_OFILE_H

#include <stddef.h>
#include <sys/types.h>

/*
 * open(path, flags | O_CREAT | O_CLOEXEC, mode) as described above: the
 * fd, or -1 with the reason in why ("Permission denied", "symbolic link
 * /tmp/x is owned by uid 1000").
 */
int ofile_open(const char *path, int flags, mode_t mode, char *why,
	       size_t whylen);

#endif
