/*
 * floor: the cheapest possible tracer, as the floor of the per-event
 * overhead benchmark.  Loads a two-instruction BPF program (r0 = 0;
 * exit) of type tracepoint, attaches it to syscalls:sys_enter_getppid
 * with perf_event_open and a BPF link, prints "ready" and waits until it
 * is killed.  Whatever a real tracer costs above this is its own work:
 * its prologue, predicates and the aggregation update.
 *
 * floor -r: the same on the sys_enter raw tracepoint, the way bdtrace
 * attaches syscall probes: a raw-tracepoint program that returns at once
 * unless the system call number (ctx[1]) is getppid's.
 */
#define _GNU_SOURCE
#include <bpf/bpf.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *const tp_id_paths[] = {
	"/sys/kernel/tracing/events/syscalls/sys_enter_getppid/id",
	"/sys/kernel/debug/tracing/events/syscalls/sys_enter_getppid/id",
};

static long tracepoint_id(void)
{
	for (size_t i = 0; i < sizeof(tp_id_paths) / sizeof(tp_id_paths[0]);
	     i++) {
		FILE *f = fopen(tp_id_paths[i], "r");
		long id;

		if (!f)
			continue;
		if (fscanf(f, "%ld", &id) != 1)
			id = -1;
		fclose(f);
		return id;
	}
	return -1;
}

static int open_tracepoint(long id)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = id;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	/* all processes, CPU 0: a tracepoint program runs on every CPU */
	return syscall(SYS_perf_event_open, &attr, -1, 0, -1,
		       PERF_FLAG_FD_CLOEXEC);
}

/* r0 = 0; r1 = ctx[1]; if r1 != __NR_getppid goto exit; exit */
static int raw_floor(void)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_LDX | BPF_MEM | BPF_DW, .dst_reg = BPF_REG_1,
		  .src_reg = BPF_REG_1, .off = 8 },
		{ .code = BPF_JMP | BPF_JNE | BPF_K, .dst_reg = BPF_REG_1,
		  .imm = SYS_getppid },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int prog, fd;

	prog = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "floor", "GPL",
			     insns, 4, NULL);
	if (prog < 0) {
		fprintf(stderr, "floor: bpf_prog_load: %s\n", strerror(-prog));
		return 1;
	}
	fd = bpf_raw_tracepoint_open("sys_enter", prog);
	if (fd < 0) {
		fprintf(stderr, "floor: bpf_raw_tracepoint_open: %s\n",
			strerror(-fd));
		return 1;
	}
	printf("ready\n");
	fflush(stdout);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	long id = tracepoint_id();
	int prog, pfd, link;

	if (argc > 1 && strcmp(argv[1], "-r") == 0)
		return raw_floor();

	if (id < 0) {
		fprintf(stderr, "floor: no tracepoint syscalls:sys_enter_getppid\n");
		return 1;
	}
	prog = bpf_prog_load(BPF_PROG_TYPE_TRACEPOINT, "floor", "GPL", insns,
			     2, NULL);
	if (prog < 0) {
		fprintf(stderr, "floor: bpf_prog_load: %s\n", strerror(-prog));
		return 1;
	}
	pfd = open_tracepoint(id);
	if (pfd < 0) {
		fprintf(stderr, "floor: perf_event_open: %s\n", strerror(errno));
		return 1;
	}
	link = bpf_link_create(prog, pfd, BPF_PERF_EVENT, NULL);
	if (link < 0) {
		fprintf(stderr, "floor: bpf_link_create: %s\n", strerror(-link));
		return 1;
	}
	printf("ready\n");
	fflush(stdout);
	for (;;)
		pause();
}
