/*
 * Whether a uprobe_multi link made for a process fires in all of its
 * threads.  Linux 6.6 to 6.9 compared the firing thread with the task
 * the link was made for (current != link->task), so a link for process
 * P fired in P's first thread only, and a pid probe missed every call
 * made in another thread.  "bpf: fix multi-uprobe PID filtering logic"
 * (Linux 6.10) compares the address space instead; stable 6.6 and 6.9
 * releases took it at different points, and distributions carry their
 * own backports, so below 6.10 the version number cannot tell.  The
 * kernel is asked there: a link on a function of dtrace itself, made
 * for dtrace's process, which a second thread then calls.  Where the
 * link does not fire there, per-process sites are attached as
 * perf-event uprobes, which the kernel filters by address space on
 * every version (uattach.c).  Under valgrind nothing is asked: it runs
 * dtrace's code from translations, which would take the uprobe's
 * breakpoint for the program's own.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../codegen/insn.h"
#include "../lib/kver.h"
#include "../lib/memcheck.h"
#include "uprov.h"

/* the probed function: out of line, and called through a volatile
 * pointer so that neither call is folded away */
__attribute__((noinline)) static void umulti_target(void)
{
	__asm__ volatile("" ::: "memory");
}

static void (*volatile umulti_call)(void) = umulti_target;

static void *umulti_thread(void *arg)
{
	(void)arg;
	umulti_call();
	return NULL;
}

/* The file and file offset of address addr of this process; 0 or -1. */
static int own_offset(uintptr_t addr, char *path, size_t len, uint64_t *off)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[4096];
	int rc = -1;

	if (!f)
		return -1;
	while (rc < 0 && fgets(line, sizeof(line), f)) {
		uint64_t lo, hi, pgoff;
		int n = 0;

		if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %*s %" SCNx64
			   " %*s %*s %n", &lo, &hi, &pgoff, &n) < 3 || n == 0 ||
		    addr < lo || addr >= hi || line[n] != '/')
			continue;
		line[strcspn(line, "\n")] = '\0';
		snprintf(path, len, "%s", line + n);
		*off = addr - lo + pgoff;
		rc = 0;
	}
	fclose(f);
	return rc;
}

/* How many times the link's program ran: the first thread's call and a
 * second thread's; -1 if the test could not be made. */
static int64_t count_calls(int map_fd, int prog_fd)
{
	uint64_t off, hits = 0;
	uint32_t key = 0;
	char path[4096];
	struct multi_attr attr = {
		.prog_fd = (uint32_t)prog_fd,
		.attach_type = ATTACH_UPROBE_MULTI,
		.offsets = (uint64_t)(uintptr_t)&off,
		.cnt = 1,
		.pid = (uint32_t)getpid(),
	};
	pthread_t th;
	int fd;

	if (own_offset((uintptr_t)umulti_target, path, sizeof(path), &off) < 0)
		return -1;
	attr.path = (uint64_t)(uintptr_t)path;
	fd = (int)syscall(__NR_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
	if (fd < 0)
		return -1;
	umulti_call();
	if (pthread_create(&th, NULL, umulti_thread, NULL) == 0)
		pthread_join(th, NULL);
	close(fd);
	if (bpf_map_lookup_elem(map_fd, &key, &hits) < 0)
		return -1;
	return (int64_t)hits;
}

bool umulti_pid_filter(void)
{
	static int known = -1;
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = ATTACH_UPROBE_MULTI);
	int map_fd, prog_fd;

	if (known >= 0)
		return known;
	/* BDT_UMULTI_ASK=1 asks any kernel (the tests' way to the question) */
	known = kernel_at_least(6, 10) && !getenv("BDT_UMULTI_ASK");
	if (known || under_valgrind())
		return known;
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_umulti", 4, 8, 1, NULL);
	if (map_fd < 0)
		return false;
	/* the one counter, element 0 of the map, counts each firing */
	const struct bpf_insn insns[] = {
		I_LD_IMM64_LO(R1, BPF_PSEUDO_MAP_VALUE, map_fd),
		INSN(0, 0, 0, 0, 0),
		I_MOV64_IMM(R2, 1),
		I_ATOMIC_ADD(BPF_DW, R1, R2, 0),
		I_MOV64_IMM(R0, 0),
		I_EXIT(),
	};
	prog_fd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dtrace_probe", "GPL",
				insns, sizeof(insns) / sizeof(insns[0]), &opts);
	if (prog_fd >= 0) {
		/* the first thread's call fires on every kernel that makes
		 * the link at all; the second thread's only where the link
		 * is for the process */
		known = count_calls(map_fd, prog_fd) == 2;
		close(prog_fd);
	}
	close(map_fd);
	return known;
}
