/*
 * ufloor BINARY OFFSET [SEMA]: the floor of the user-probe benchmarks
 * (uprobe.sh): a two-instruction BPF program (r0 = 0; exit) on a uprobe
 * at OFFSET of BINARY (a file offset, hexadecimal), for every process,
 * with the USDT semaphore at file offset SEMA raised if given; prints
 * "ready" and waits until killed.  What a tracer costs above this is its
 * own work.
 */
#define _GNU_SOURCE
#include <bpf/bpf.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int uprobe_type(void)
{
	FILE *f = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
	int t = -1;

	if (f) {
		if (fscanf(f, "%d", &t) != 1)
			t = -1;
		fclose(f);
	}
	return t;
}

int main(int argc, char **argv)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	struct perf_event_attr attr;
	int prog, pfd, lfd;

	if (argc < 3) {
		fprintf(stderr, "usage: ufloor BINARY OFFSET [SEMA]\n");
		return 2;
	}
	prog = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "ufloor", "GPL", insns, 2,
			     NULL);
	if (prog < 0) {
		fprintf(stderr, "ufloor: bpf_prog_load: %s\n", strerror(-prog));
		return 1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)uprobe_type();
	attr.config1 = (uint64_t)(uintptr_t)argv[1];
	attr.config2 = strtoull(argv[2], NULL, 16);
	if (argc > 3)	/* ref_ctr_offset: config bits 32-63 */
		attr.config = strtoull(argv[3], NULL, 16) << 32;
	attr.sample_period = 1;
	pfd = (int)syscall(SYS_perf_event_open, &attr, -1, 0, -1,
			   PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0) {
		fprintf(stderr, "ufloor: perf_event_open: %s\n", strerror(errno));
		return 1;
	}
	lfd = bpf_link_create(prog, pfd, BPF_PERF_EVENT, NULL);
	if (lfd < 0) {
		fprintf(stderr, "ufloor: bpf_link_create: %s\n", strerror(errno));
		return 1;
	}
	printf("ready\n");
	fflush(stdout);
	pause();
	return 0;
}
