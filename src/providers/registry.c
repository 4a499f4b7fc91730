/*
 * The provider table.  Its order is the probe-id order: dtrace's BEGIN,
 * END and ERROR are probes 1, 2 and 3, as DTrace numbers them, and each
 * later provider's probes follow the previous one's.  Adding a provider
 * is one line here and one file beside this one.
 */
#include <string.h>

#include "net.h"

const struct provider *const providers[] = {
	&prov_dtrace,
	&prov_profile,
	&prov_syscall,
	&prov_sdt,
	&prov_pid,
	&prov_usdt,
	&stp_proc.prov,
	&stp_sched.prov,
	&stp_io.prov,
	&stp_ip.prov,
	&stp_tcp.prov,
	&stp_udp.prov,
	&stp_lockstat.prov,
	&stp_callout.prov,
	&prov_dtmalloc,
	&prov_rawtp,
	&prov_fbt,	/* lazy: its probes follow all the others' */
	NULL,
};

_Static_assert(sizeof(providers) / sizeof(providers[0]) <= PROV_MAX + 1,
	       "more providers than PROV_MAX");

const struct provider *provider_lookup(const char *name)
{
	for (size_t i = 0; providers[i]; i++) {
		if (strcmp(providers[i]->name, name) == 0)
			return providers[i];
	}
	return NULL;
}
