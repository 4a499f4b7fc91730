/*
 * The privilege check of privs.h.  Tracing needs bpf(2) for maps and
 * programs and perf_event_open(2) for tracepoints, uprobes and profile
 * events: CAP_BPF and CAP_PERFMON since Linux 5.8, CAP_SYS_ADMIN before
 * (and still sufficient).  Being uid 0 is not enough (setpriv or a
 * container can take the capabilities away), so the effective set is
 * read with capget(2) directly; libcap is not needed for one call.
 */
#include "privs.h"

#include <linux/capability.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef CAP_PERFMON
#define CAP_PERFMON	38
#endif
#ifndef CAP_BPF
#define CAP_BPF		39
#endif

static bool has_cap(const struct __user_cap_data_struct d[2], int cap)
{
	return d[cap / 32].effective & (UINT32_C(1) << (cap % 32));
}

bool privs_can_trace(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0,
	};
	struct __user_cap_data_struct d[2] = { { 0 } };

	if (syscall(SYS_capget, &h, d) < 0)
		return false;
	return has_cap(d, CAP_SYS_ADMIN) ||
	       (has_cap(d, CAP_BPF) && has_cap(d, CAP_PERFMON));
}
