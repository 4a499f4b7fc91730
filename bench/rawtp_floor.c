/*
 * rawtp_floor: the kernel's own cost of attaching one program to every
 * raw tracepoint and detaching it, the floor under which no tracer can
 * get `sdt::: { ... }`.  Loads a two-instruction program (r0 = 0; exit)
 * of type raw tracepoint, opens it on the raw tracepoint of every
 * tracepoint in available_events but the syscalls group's (those are
 * events on sys_enter/sys_exit, not tracepoints), then closes them all,
 * and prints "N attached: attach MS ms, detach MS ms".  Each attachment
 * and each detachment patches the tracepoint's static key in the
 * kernel's text, which is what costs.
 */
#define _GNU_SOURCE
#include <bpf/bpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_TPS	8192

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int main(void)
{
	static const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	static char *names[MAX_TPS];
	static int fds[MAX_TPS];
	char line[512];
	int n = 0, k = 0, prog;
	double t0, t1, t2;
	FILE *f = fopen("/sys/kernel/tracing/available_events", "r");

	if (!f) {
		perror("available_events");
		return 1;
	}
	while (n < MAX_TPS && fgets(line, sizeof(line), f)) {
		char *c = strchr(line, ':');

		line[strcspn(line, "\n")] = '\0';
		if (c && strncmp(line, "syscalls:", 9) != 0)
			names[n++] = strdup(c + 1);
	}
	fclose(f);
	t0 = now_ms();
	prog = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "floor", "GPL",
			     insns, 2, NULL);
	if (prog < 0) {
		perror("bpf_prog_load");
		return 1;
	}
	for (int i = 0; i < n; i++) {
		int fd = bpf_raw_tracepoint_open(names[i], prog);

		if (fd >= 0)
			fds[k++] = fd;
	}
	t1 = now_ms();
	for (int i = 0; i < k; i++)
		close(fds[i]);
	t2 = now_ms();
	close(prog);
	printf("%d attached: attach %.0f ms, detach %.0f ms\n", k, t1 - t0,
	       t2 - t1);
	return 0;
}
