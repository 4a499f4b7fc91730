/*
 * Unit tests for the probe table and the providers: DTrace's glob rules,
 * probe numbering and enumeration, probes created on demand (profile),
 * the tracepoint format parser, and the syscall provider's plan.  The
 * enumeration tests need tracefs (root); without it they check only what
 * does not need the kernel.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/codegen/dctx.h"
#include "../../src/codegen/dobj.h"
#include "../../src/codegen/emit.h"
#include "../../src/providers/prov.h"
#include "unit.h"

static bool gm(const char *s, const char *p)
{
	return probes_gmatch(s, p);
}

static void test_gmatch(void)
{
	CHECK(gm("read", "read"));
	CHECK(!gm("read", "rea"));
	CHECK(!gm("rea", "read"));
	CHECK(gm("anything", ""));
	CHECK(gm("anything", NULL));
	CHECK(gm("", "*"));
	CHECK(gm("read", "*"));
	CHECK(gm("read", "r*"));
	CHECK(gm("read", "*d"));
	CHECK(gm("read", "r*d"));
	CHECK(gm("pread64", "*read*"));
	CHECK(!gm("write", "*read*"));
	CHECK(gm("read", "r??d"));
	CHECK(!gm("read", "r?d"));
	CHECK(gm("tick-1", "tick-?"));
	CHECK(gm("b", "[a-c]"));
	CHECK(!gm("d", "[a-c]"));
	CHECK(gm("d", "[!a-c]"));
	CHECK(!gm("b", "[!a-c]"));
	CHECK(gm("x", "[xyz]"));
	CHECK(gm("-", "[a-]"));
	CHECK(gm("]", "[]a]"));
	CHECK(!gm("a", "[a"));	/* unclosed: matches nothing */
	CHECK(gm("sys_read", "sys_[rw]*"));
	CHECK(gm("sys_write", "sys_[rw]*"));
	CHECK(!gm("sys_open", "sys_[rw]*"));
	CHECK(gm("a*b", "a\\*b"));
	CHECK(!gm("axb", "a\\*b"));
	CHECK(gm("a?", "a\\?"));
	CHECK(!gm("ab", "a\\?"));
	CHECK(gm("[x]", "\\[x\\]"));
	CHECK(gm("aXbXc", "a*b*c"));
	CHECK(gm("abcabcabd", "*abd"));
	CHECK(!gm("abcabcabe", "*abd"));
	CHECK(gm("mississippi", "m*iss*ppi"));
	CHECK(gm("BEGIN", "B*N"));
}

static void test_period(void)
{
	bool tick = false;

	CHECK_INT(prov_profile_period("tick-10ms", &tick), 10000000);
	CHECK(tick);
	CHECK_INT(prov_profile_period("profile-1234hz", &tick), 810372);
	CHECK(!tick);
	CHECK_INT(prov_profile_period("profile-97", &tick), 10309278);
	CHECK_INT(prov_profile_period("tick-1sec", &tick), 1000000000);
	CHECK_INT(prov_profile_period("tick-1s", &tick), 1000000000);
	CHECK_INT(prov_profile_period("tick-2min", &tick), 120000000000ULL);
	CHECK_INT(prov_profile_period("tick-1h", &tick), 3600000000000ULL);
	CHECK_INT(prov_profile_period("tick-1day", &tick), 86400000000000ULL);
	CHECK_INT(prov_profile_period("tick-10MS", &tick), 10000000);
	CHECK_INT(prov_profile_period("tick-500usec", &tick), 500000);
	CHECK_INT(prov_profile_period("tick-200us", &tick), 200000);
	CHECK_INT(prov_profile_period("profile-5000", &tick), 200000);
	CHECK_INT(prov_profile_period("tick-250000nsec", &tick), 250000);
	/* below DTrace's 200 us minimum */
	CHECK_INT(prov_profile_period("profile-5001", &tick), 0);
	CHECK_INT(prov_profile_period("tick-199us", &tick), 0);
	CHECK_INT(prov_profile_period("tick-1ns", &tick), 0);
	/* not a profile probe name */
	CHECK_INT(prov_profile_period("tick-0", &tick), 0);
	CHECK_INT(prov_profile_period("tick-", &tick), 0);
	CHECK_INT(prov_profile_period("tick-10xyz", &tick), 0);
	CHECK_INT(prov_profile_period("tick-ms", &tick), 0);
	CHECK_INT(prov_profile_period("tick-1-0ms", &tick), 0);
	CHECK_INT(prov_profile_period("Tick-10", &tick), 0);
	CHECK_INT(prov_profile_period("tock-10", &tick), 0);
	CHECK_INT(prov_profile_period("tick-99999999999999999999999d", &tick),
		  0);
}

static const char sample_format[] =
	"name: sample\n"
	"ID: 999\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:char comm[16];\toffset:16;\tsize:16;\tsigned:0;\n"
	"\tfield:const char * name;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:short prio;\toffset:40;\tsize:2;\tsigned:1;\n"
	"\tfield:bool ok;\toffset:42;\tsize:1;\tsigned:0;\n"
	"\tfield:__data_loc unsigned long[] ips;\toffset:44;\tsize:4;\tsigned:0;\n"
	"\tfield:u64 big[2];\toffset:48;\tsize:16;\tsigned:0;\n"
	"\tfield:int odd;\toffset:66;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"filename=%s pid=%d\", __get_str(filename), REC->pid\n";

static void test_format(void)
{
	struct arena a = {0};
	struct probe_arg *args = NULL;
	int n = tracefs_parse_format(&a, sample_format, NULL, &args);

	CHECK_INT(n, 9);
	if (n != 9)
		goto out;
	CHECK_STR(args[0].name, "filename");
	CHECK_STR(args[0].type, "char *");
	CHECK(args[0].is_string && args[0].is_dataloc);
	CHECK_INT(args[0].offset, 8);
	CHECK_INT(args[0].size, 4);
	CHECK_STR(args[1].name, "pid");
	CHECK_STR(args[1].type, "pid_t");
	CHECK_INT(args[1].offset, 12);
	CHECK_INT(args[1].size, 4);
	CHECK(args[1].is_signed && !args[1].is_string);
	CHECK_STR(args[2].name, "comm");
	CHECK_STR(args[2].type, "char[16]");
	CHECK_INT(args[2].size, 0);
	CHECK_STR(args[3].name, "name");
	CHECK_STR(args[3].type, "const char *");
	CHECK_INT(args[3].size, 8);
	CHECK(!args[3].is_signed && !args[3].is_string);
	CHECK_STR(args[4].type, "short");
	CHECK_INT(args[4].size, 2);
	CHECK(args[4].is_signed);
	CHECK_STR(args[5].type, "bool");
	CHECK_INT(args[5].size, 1);
	CHECK_STR(args[6].name, "ips");
	CHECK_STR(args[6].type, "unsigned long *");
	CHECK(args[6].is_dataloc && !args[6].is_string);
	CHECK_STR(args[7].type, "u64[2]");
	CHECK_INT(args[7].size, 0);
	CHECK_STR(args[8].name, "odd");
	CHECK_INT(args[8].size, 0);	/* misaligned: not loadable */

	/* the syscall provider skips the number field */
	n = tracefs_parse_format(&a,
		"format:\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
		"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
		"\tfield:unsigned int fd;\toffset:16;\tsize:8;\tsigned:0;\n",
		"__syscall_nr", &args);
	CHECK_INT(n, 1);
	if (n == 1) {
		CHECK_STR(args[0].name, "fd");
		CHECK_STR(args[0].type, "unsigned int");
		CHECK_INT(args[0].size, 8);
	}
	CHECK_INT(tracefs_parse_format(&a, "garbage", NULL, &args), -EINVAL);
	CHECK_INT(tracefs_parse_format(&a, "format:\n\tfield:int x;\n", NULL,
				       &args), -EINVAL);
out:
	arena_free(&a);
}

/*
 * tracefs_read: a file read whole, kept in its buffer or copied, of
 * sizes below, at and past the first read's (and, as in tracefs, a
 * size the file does not report).
 */
static void test_read(void)
{
	static const size_t sizes[] = { 0, 100, 16 * 1024, 256 * 1024 - 1,
					256 * 1024, 700 * 1024 };
	char dir[] = "/tmp/test_probes.XXXXXX";
	struct arena a = {0};

	if (!mkdtemp(dir)) {
		CHECK(false);
		return;
	}
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char path[64], *want = malloc(sizes[i] + 1), *got = NULL;
		FILE *f;

		for (size_t k = 0; k < sizes[i]; k++)
			want[k] = (char)('a' + (k * 7 + k / 4096) % 26);
		want[sizes[i]] = '\0';
		snprintf(path, sizeof(path), "%s/f", dir);
		f = fopen(path, "w");
		fwrite(want, 1, sizes[i], f);
		fclose(f);
		CHECK_INT(tracefs_read(&a, dir, "f", &got), 0);
		CHECK(got && strlen(got) == sizes[i] && strcmp(got, want) == 0);
		free(want);
		unlink(path);
	}
	CHECK_INT(tracefs_read(&a, dir, "none", &(char *){ NULL }), -ENOENT);
	rmdir(dir);
	arena_free(&a);
}

static void count_fn(struct probe *p, void *arg)
{
	struct probe **last = arg;

	*last = p;
}

static size_t match(struct probe_table *t, const char *prov, const char *mod,
		    const char *func, const char *name, struct probe **last)
{
	*last = NULL;
	return probes_match(t, prov, mod, func, name, count_fn, last);
}

static void test_table(void)
{
	struct arena a = {0};
	struct probe_table t;
	struct probe *p;
	size_t before;

	probes_init(&t, &a);
	CHECK_INT(probes_enumerate(&t), 0);
	CHECK_STR(probes_get(&t, 1)->name, "BEGIN");
	CHECK_STR(probes_get(&t, 2)->name, "END");
	CHECK_STR(probes_get(&t, 3)->name, "ERROR");
	CHECK_STR(probes_get(&t, 3)->provname, "dtrace");
	CHECK_STR(probes_get(&t, 4)->name, "profile-97");
	CHECK_STR(probes_get(&t, 16)->name, "tick-5000");
	CHECK(probes_get(&t, 0) == NULL);
	CHECK(provider_lookup("sdt") == &prov_sdt);
	CHECK(provider_lookup("nope") == NULL);

	CHECK_INT(match(&t, "dtrace", "", "", "BEGIN", &p), 1);
	CHECK_INT(p->id, 1);
	CHECK_INT(match(&t, "", "", "", "BEGIN", &p), 1);
	CHECK_INT(match(&t, "dtrace", "", "", "", &p), 3);
	CHECK_INT(match(&t, "profile", "", "", "tick-1*", &p), 4);

	/* on demand: created once, found after */
	before = t.probes.len;
	CHECK_INT(match(&t, "profile", "", "", "tick-10ms", &p), 1);
	CHECK_INT(t.probes.len, before + 1);
	CHECK_INT(p->id, before + 1);
	CHECK_INT(p->data, 10000000);
	CHECK_STR(p->mod, "");
	CHECK_INT(match(&t, "profile", "", "", "tick-10ms", &p), 1);
	CHECK_INT(p->id, before + 1);
	CHECK_INT(match(&t, "", "", "", "profile-1234hz", &p), 1);
	CHECK_INT(p->id, before + 2);
	CHECK_INT(p->data, 810372);
	CHECK_INT(match(&t, "profile", "", "", "tick-10xx", &p), 0);
	CHECK_INT(match(&t, "profile", "", "", "profile-9999", &p), 0);
	CHECK_INT(match(&t, "profile", "x", "", "tick-2s", &p), 0);
	CHECK_INT(t.probes.len, before + 2);

	if (!tracefs_events(&t)) {
		printf("  (no tracefs events: syscall and sdt not checked)\n");
		goto out;
	}
	CHECK_INT(match(&t, "syscall", "", "read", "entry", &p), 1);
	if (p) {
		CHECK_STR(p->mod, "vmlinux");
		CHECK_INT(p->data, 0);
		CHECK_STR(p->path, "syscalls/sys_enter_read");
	}
	CHECK_INT(match(&t, "syscall", "vmlinux", "read", "return", &p), 1);
	CHECK_INT(match(&t, "syscall", "", "newfstat", "entry", &p), 1);
	CHECK_INT(match(&t, "sdt", "sched", "", "sched_process_exec", &p), 1);
	if (p) {
		CHECK_STR(p->func, "");
		CHECK_STR(p->path, "sched/sched_process_exec");
		CHECK_INT(p->nargs, -1);
		CHECK_INT(p->prov->args(&t, p), 0);
		CHECK_INT(p->nargs, 3);
		CHECK(p->nargs == 3 && p->args[0].is_string);
	}
	CHECK(match(&t, "syscall", "", "", "entry", &p) > 300);
	/* syscall probes come first in number order: read, write, open */
	p = NULL;
	match(&t, "syscall", "", "read", "entry", &p);
	if (p) {
		CHECK_STR(probes_get(&t, p->id + 1)->name, "return");
		CHECK_STR(probes_get(&t, p->id + 2)->func, "write");
		CHECK_INT(p->id, 17);
	}
out:
	probes_free(&t);
	arena_free(&a);
}

static struct probe *mk(struct arena *a, uint32_t id, const char *func,
			const char *name, uint64_t nr)
{
	struct probe *p = arena_alloc(a, sizeof(*p));

	p->id = id;
	p->prov = &prov_syscall;
	p->provname = "syscall";
	p->mod = "vmlinux";
	p->func = func;
	p->name = name;
	p->data = nr;
	p->path = arena_printf(a, "syscalls/sys_%s_%s",
			       strcmp(name, "entry") ? "exit" : "enter", func);
	p->nargs = 3;		/* described: plan needs no tracefs */
	return p;
}

static void test_syscall_plan(void)
{
	struct arena a = {0};
	struct dobj obj;
	struct attach_vec out = {0};
	struct probe *probes[12];
	const struct dmap *m;
	const uint32_t *ids;
	struct emit e = {0};
	int lbl;

	dobj_init(&obj, &a);
	/* the perf-event path, whatever this machine supports */
	setenv("BDTRACE_SYSCALL_PERF", "1", 1);
	/* 10 entry probes (shared) and 2 return probes (one each) */
	for (int i = 0; i < 10; i++)
		probes[i] = mk(&a, 100 + i, "x", "entry", 5 + 2 * i);
	probes[10] = mk(&a, 200, "read", "return", 0);
	probes[11] = mk(&a, 201, "write", "return", 1);
	CHECK_INT(prov_syscall.plan(probes, 12, &obj, &out), 0);
	CHECK_INT(out.len, 3);
	if (out.len != 3)
		goto out;
	/* entry first, then return */
	CHECK_STR(out.data[0]->path, "raw_syscalls/sys_enter");
	CHECK_STR(out.data[1]->path, "syscalls/sys_exit_read");
	CHECK_STR(out.data[2]->path, "syscalls/sys_exit_write");
	CHECK_INT(out.data[0]->nprobes, 10);
	CHECK_INT(out.data[0]->prog_type, BPF_PROG_TYPE_TRACEPOINT);
	CHECK_INT(out.data[1]->map, -1);
	CHECK_INT(out.data[0]->map, 0);
	CHECK_INT(obj.maps.len, 1);
	m = &obj.maps.data[0];
	CHECK_INT(m->max_entries, 1);
	CHECK_INT(m->value_size, 4 * 24);	/* highest nr 23 */
	CHECK(m->freeze);
	ids = m->init;
	CHECK_INT(ids[5], 100);
	CHECK_INT(ids[23], 109);
	CHECK_INT(ids[6], 0);

	lbl = emit_label_new(&e);
	prov_syscall.prologue_prid(out.data[0], &e, lbl);
	prov_syscall.prologue_args(out.data[0], &e, 7);
	emit_label_place(&e, lbl);
	emit(&e, I_EXIT());
	CHECK_INT(emit_finish(&e), 0);
	/* ldx, jgt, lsh, ld_map_value (2), add, ldx, jeq; 6 x (ldx, stx); st */
	CHECK_INT(e.len, 8 + 12 + 1 + 1);
	emit_free(&e);
out:
	unsetenv("BDTRACE_SYSCALL_PERF");
	for (size_t i = 0; i < out.len; i++)
		attach_close(out.data[i]);
	vec_free(&out);
	dobj_free(&obj);
	arena_free(&a);
}

/*
 * The raw-tracepoint path (where this machine has it): one program per
 * kind on sys_enter / sys_exit; a table above eight probes, else a
 * compare chain whose last miss leaves.
 */
static void test_syscall_plan_raw(void)
{
	struct arena a = {0};
	struct dobj obj;
	struct attach_vec out = {0};
	struct probe *probes[12];
	struct emit e = {0};
	int lbl;

	if (access("/sys/kernel/btf/vmlinux", R_OK) != 0)
		return;
	dobj_init(&obj, &a);
	for (int i = 0; i < 10; i++)
		probes[i] = mk(&a, 100 + i, "x", "entry", 5 + 2 * i);
	probes[10] = mk(&a, 200, "read", "return", 0);
	probes[11] = mk(&a, 201, "write", "return", 1);
	CHECK_INT(prov_syscall.plan(probes, 12, &obj, &out), 0);
	if (out.len == 3)	/* an older kernel: the perf path */
		goto out;
	CHECK_INT(out.len, 2);
	if (out.len != 2)
		goto out;
	CHECK_STR(out.data[0]->path, "sys_enter");
	CHECK_STR(out.data[1]->path, "sys_exit");
	CHECK_INT(out.data[0]->prog_type, BPF_PROG_TYPE_RAW_TRACEPOINT);
	CHECK_INT(out.data[0]->nprobes, 10);
	CHECK_INT(out.data[0]->map, 0);
	CHECK_INT(out.data[1]->nprobes, 2);
	CHECK_INT(out.data[1]->map, -1);
	/* the program itself; the rest of the machinery goes by name */
	CHECK_INT(out.data[1]->kstack_skip, 1);

	lbl = emit_label_new(&e);
	prov_syscall.prologue_prid(out.data[1], &e, lbl);
	prov_syscall.prologue_args(out.data[1], &e, 2);
	emit_label_place(&e, lbl);
	emit(&e, I_EXIT());
	CHECK_INT(emit_finish(&e), 0);
	/*
	 * call, mov, call, ldx (orig_ax); jne, mov, ja; jne, mov (chain);
	 * ldx, 2 x stx (the return value); exit
	 */
	CHECK_INT(e.len, 4 + 3 + 2 + 3 + 1);
	emit_free(&e);
out:
	for (size_t i = 0; i < out.len; i++)
		attach_close(out.data[i]);
	vec_free(&out);
	dobj_free(&obj);
	arena_free(&a);
}

int main(void)
{
	RUN(test_gmatch);
	RUN(test_period);
	RUN(test_format);
	RUN(test_read);
	RUN(test_table);
	RUN(test_syscall_plan);
	RUN(test_syscall_plan_raw);
	return UNIT_DONE();
}
