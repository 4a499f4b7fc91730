/*
 * The BPF helpers the code generator calls and the map types it makes,
 * with the Linux release that brought each (include/uapi/linux/bpf.h's
 * history).  A helper missing from this table is still named by number;
 * map types older than 4.10 are not listed (bdtrace needs much newer).
 */
#include "kvers.h"

#include <linux/bpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define H(name, major, minor) { BPF_FUNC_##name, "bpf_" #name, major, minor }

static const struct helper {
	int id;
	const char *name;
	int major, minor;
} helpers[] = {
	H(map_lookup_elem, 3, 19), H(map_update_elem, 3, 19),
	H(map_delete_elem, 3, 19), H(ktime_get_ns, 4, 1),
	H(get_prandom_u32, 4, 1), H(get_smp_processor_id, 4, 1),
	H(get_current_pid_tgid, 4, 2), H(get_current_uid_gid, 4, 2),
	H(get_current_comm, 4, 2), H(get_current_task, 4, 8),
	H(get_stack, 4, 18), H(send_signal, 5, 3),
	H(probe_read_user, 5, 5), H(probe_read_kernel, 5, 5),
	H(probe_read_user_str, 5, 5), H(probe_read_kernel_str, 5, 5),
	H(send_signal_thread, 5, 5), H(ktime_get_boot_ns, 5, 8),
	H(ringbuf_output, 5, 8), H(get_current_task_btf, 5, 11),
	H(get_attach_cookie, 5, 15), H(task_pt_regs, 5, 15),
	H(loop, 5, 17),
};

static const struct helper *helper_find(long id)
{
	for (size_t i = 0; i < sizeof(helpers) / sizeof(helpers[0]); i++)
		if (helpers[i].id == id)
			return &helpers[i];
	return NULL;
}

/* is release (uname -r: "5.10.0-28-amd64") older than major.minor? */
static bool older(const char *release, int major, int minor)
{
	int ma = 0, mi = 0;

	if (sscanf(release, "%d.%d", &ma, &mi) != 2)
		return false;
	return ma < major || (ma == major && mi < minor);
}

/*
 * The verifier's words for a call it refuses: "invalid func NAME#ID"
 * (NAME "unknown": an id past the kernel's last helper) and "unknown
 * func NAME#ID" (no such helper for this program type: before 6.x, also
 * one the kernel has not).  The id, or -1.
 */
static long refused_id(const char *reason, bool *unknown)
{
	const char *p = strstr(reason, "invalid func ");
	const char *h;
	char *end;
	long id;

	if (!p)
		p = strstr(reason, "unknown func ");
	if (!p)
		return -1;
	p += strlen("invalid func ");	/* both prefixes are that long */
	h = strchr(p, '#');
	if (!h)
		return -1;
	id = strtol(h + 1, &end, 10);
	if (end == h + 1 || id < 0)
		return -1;
	*unknown = (size_t)(h - p) == strlen("unknown") &&
		   strncmp(p, "unknown", (size_t)(h - p)) == 0;
	return id;
}

bool kvers_helper_words(const char *reason, const char *release,
			char *buf, size_t len)
{
	bool unknown = false;
	long id = refused_id(reason, &unknown);
	const struct helper *h = id >= 0 ? helper_find(id) : NULL;

	if (h && older(release, h->major, h->minor)) {
		snprintf(buf, len, "calls %s(), which needs Linux %d.%d "
			 "(this kernel is %s)", h->name, h->major, h->minor,
			 release);
		return true;
	}
	if (id >= 0 && unknown) {
		if (h)
			snprintf(buf, len, "calls %s(), which this kernel (%s) "
				 "does not have", h->name, release);
		else
			snprintf(buf, len, "calls BPF helper #%ld, which this "
				 "kernel (%s) does not have", id, release);
		return true;
	}
	return false;
}

static const struct {
	int type;
	const char *what;
	int major, minor;
} maptypes[] = {
	{ BPF_MAP_TYPE_RINGBUF, "the BPF ring buffer", 5, 8 },
};

bool kvers_map_words(int type, const char *release, char *buf, size_t len)
{
	for (size_t i = 0; i < sizeof(maptypes) / sizeof(maptypes[0]); i++)
		if (maptypes[i].type == type &&
		    older(release, maptypes[i].major, maptypes[i].minor)) {
			snprintf(buf, len, "%s needs Linux %d.%d (this kernel "
				 "is %s)", maptypes[i].what, maptypes[i].major,
				 maptypes[i].minor, release);
			return true;
		}
	return false;
}
