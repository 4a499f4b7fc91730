/*
 * Unit tests of the tracing machinery's address ranges (cg_kskip.c),
 * from a small kallsyms file: the functions that run a program on a
 * tracepoint are found by name, their __pfx_ padding joins neighbours
 * into one range, other tracepoints' functions and the traced code are
 * left out, and the system call tracepoints add perf_syscall_*.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <unistd.h>

#include "../../src/codegen/cg.h"
#include "../../src/runtime/sym.h"
#include "unit.h"

static const char kallsyms[] =
	"ffffffff81001000 T syscall_trace_enter\n"
	"ffffffff81002000 T __traceiter_sys_enter\n"
	"ffffffff81002040 T __pfx___probestub_sys_enter\n"
	"ffffffff81002050 T __probestub_sys_enter\n"
	"ffffffff81002100 t __bpf_trace_sys_enter\n"
	"ffffffff81002200 T __traceiter_sched_switch\n"
	"ffffffff81002300 t perf_syscall_enter\n"
	"ffffffff81002400 T other_code\n"
	"ffffffff81003000 T bpf_trace_run1\n"
	"ffffffff810031f0 T __pfx_bpf_trace_run2\n"
	"ffffffff81003200 T bpf_trace_run2\n"
	"ffffffff81003400 T bpf_check\n"
	"ffffffff81004000 T trace_call_bpf\n"
	"ffffffff81004100 T do_syscall_64\n";

static void load(struct ksyms *k)
{
	char path[] = "/tmp/bdtrace-kskip.XXXXXX";
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	CHECK(write(fd, kallsyms, sizeof(kallsyms) - 1) ==
	      (ssize_t)sizeof(kallsyms) - 1);
	close(fd);
	CHECK_INT(ksyms_load(k, path), 0);
	unlink(path);
}

static void test_sys_enter(void)
{
	struct ksyms k = { 0 };
	struct kskip_range r[8];
	int n;

	load(&k);
	n = cg_kskip_find(&k, "sys_enter", true, r, 8);
	CHECK_INT(n, 5);
	/* __traceiter_sys_enter alone: the probe stub is not machinery */
	CHECK(r[0].lo == 0xffffffff81002000 && r[0].hi == 0xffffffff81002040);
	CHECK(r[1].lo == 0xffffffff81002100 && r[1].hi == 0xffffffff81002200);
	CHECK(r[2].lo == 0xffffffff81002300 && r[2].hi == 0xffffffff81002400);
	/* bpf_trace_run1 and 2 are one range through run2's padding */
	CHECK(r[3].lo == 0xffffffff81003000 && r[3].hi == 0xffffffff81003400);
	CHECK(r[4].lo == 0xffffffff81004000 && r[4].hi == 0xffffffff81004100);
	ksyms_free(&k);
}

static void test_other_tp(void)
{
	struct ksyms k = { 0 };
	struct kskip_range r[8];
	int n;

	load(&k);
	n = cg_kskip_find(&k, "sched_switch", false, r, 8);
	CHECK_INT(n, 3);
	CHECK(r[0].lo == 0xffffffff81002200 && r[0].hi == 0xffffffff81002300);
	CHECK(r[1].lo == 0xffffffff81003000);
	CHECK(r[2].lo == 0xffffffff81004000);
	/* no room: the first ranges only */
	CHECK_INT(cg_kskip_find(&k, "sched_switch", false, r, 1), 1);
	ksyms_free(&k);
}

int main(void)
{
	RUN(test_sys_enter);
	RUN(test_other_tp);
	return UNIT_DONE();
}
