/*
 * The words of oserr.h.  Since Linux 5.11 BPF memory is charged to the
 * memory cgroup, not to RLIMIT_MEMLOCK, so an EPERM names the memlock
 * limit only on older kernels, where it is the usual cause.
 */
#include "oserr.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "../lib/kver.h"

static bool memlock_charged(void)
{
	return !kernel_at_least(5, 11);
}

/* "64", "64k", "8m" ... as the size options are written */
static void size_words(char *buf, size_t len, uint64_t n)
{
	static const char units[] = "kmgt";
	int u = -1;

	while (n >= 1024 && n % 1024 == 0 && u < 3) {
		n /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)n);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)n, units[u]);
}

static void limit_words(char *buf, size_t len, int resource)
{
	struct rlimit rl;

	if (getrlimit(resource, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY)
		snprintf(buf, len, "unlimited");
	else if (resource == RLIMIT_MEMLOCK)
		size_words(buf, len, (uint64_t)rl.rlim_cur);
	else
		snprintf(buf, len, "%llu", (unsigned long long)rl.rlim_cur);
}

const char *oserr_str(int err, char *buf, size_t len)
{
	char lim[32];

	if (err == EMFILE) {
		limit_words(lim, sizeof(lim), RLIMIT_NOFILE);
		snprintf(buf, len, "%s (RLIMIT_NOFILE is %s: raise it with "
			 "ulimit -n)", strerror(err), lim);
	} else if (err == EPERM && memlock_charged()) {
		limit_words(lim, sizeof(lim), RLIMIT_MEMLOCK);
		snprintf(buf, len, "%s (RLIMIT_MEMLOCK is %s: raise it with "
			 "ulimit -l)", strerror(err), lim);
	} else {
		snprintf(buf, len, "%s", strerror(err));
	}
	return buf;
}

const char *oserr_map_str(int err, uint64_t bytes, const char *opt,
			  char *buf, size_t len)
{
	char size[32];

	if (err != ENOMEM && err != E2BIG)
		return oserr_str(err, buf, len);
	size_words(size, sizeof(size), bytes);
	if (opt)
		snprintf(buf, len, "%s (the map takes %s: see the %s option)",
			 strerror(err), size, opt);
	else
		snprintf(buf, len, "%s (the map takes %s)", strerror(err),
			 size);
	return buf;
}
