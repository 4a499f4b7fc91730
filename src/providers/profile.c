/*
 * The profile provider: profile-N fires on every CPU at N Hz, tick-N on
 * one CPU only, each a perf cpu-clock event whose period is the probe's
 * interval.  Besides the standard probes DTrace lists, a description
 * such as profile:::tick-10ms or profile-1234hz creates its probe on
 * demand; the unit suffixes, their case-insensitivity and the 200 us
 * minimum interval are DTrace's.  arg0 is the kernel PC the sample
 * interrupted (0 in user mode), arg1 the user PC (0 in the kernel).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <linux/bpf_perf_event.h>

#include "../codegen/emit.h"
#include "prov.h"

#define NSEC_PER_SEC	1000000000ULL

/*
 * Where the interrupted PC and the privilege level are in struct
 * bpf_perf_event_data, and how to tell user mode from them.
 */
#if defined(__x86_64__)
#define PERF_PC_OFF	offsetof(struct bpf_perf_event_data, regs.rip)
#define PERF_MODE_OFF	offsetof(struct bpf_perf_event_data, regs.cs)
#define PERF_MODE_MASK	3		/* CPL */
#define PERF_USER_OP	BPF_JNE		/* CPL != 0: user */
#elif defined(__aarch64__)
#define PERF_PC_OFF	offsetof(struct bpf_perf_event_data, regs.pc)
#define PERF_MODE_OFF	offsetof(struct bpf_perf_event_data, regs.pstate)
#define PERF_MODE_MASK	0xf		/* PSR_MODE_MASK */
#define PERF_USER_OP	BPF_JEQ		/* PSR_MODE_EL0t: user */
#else
#error "profile provider: add this architecture's pt_regs layout"
#endif

static const struct {
	const char *name;
	uint64_t mult;		/* ns per unit; 0: the value is a rate in Hz */
} units[] = {
	{ "ns", 1 }, { "nsec", 1 },
	{ "us", 1000 }, { "usec", 1000 },
	{ "ms", 1000000 }, { "msec", 1000000 },
	{ "s", NSEC_PER_SEC }, { "sec", NSEC_PER_SEC },
	{ "m", 60 * NSEC_PER_SEC }, { "min", 60 * NSEC_PER_SEC },
	{ "h", 3600 * NSEC_PER_SEC }, { "hour", 3600 * NSEC_PER_SEC },
	{ "d", 86400 * NSEC_PER_SEC }, { "day", 86400 * NSEC_PER_SEC },
	{ "hz", 0 }, { "", 0 },
};

uint64_t prov_profile_period(const char *name, bool *is_tick)
{
	const char *p;
	uint64_t val = 0;
	size_t i;

	if (strncmp(name, "profile-", 8) == 0) {
		*is_tick = false;
		p = name + 8;
	} else if (strncmp(name, "tick-", 5) == 0) {
		*is_tick = true;
		p = name + 5;
	} else {
		return 0;
	}
	if (*p < '0' || *p > '9')
		return 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (val > (UINT64_MAX - 9) / 10)
			return 0;
		val = val * 10 + (uint64_t)(*p - '0');
	}
	if (val == 0)
		return 0;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcasecmp(p, units[i].name) == 0)
			break;
	}
	if (i == sizeof(units) / sizeof(units[0]))
		return 0;
	if (units[i].mult == 0)
		val = NSEC_PER_SEC / val;
	else if (val > UINT64_MAX / units[i].mult)
		return 0;
	else
		val *= units[i].mult;
	return val < PROV_PROFILE_MIN_NS ? 0 : val;
}

static int profile_enumerate(struct probe_table *tab)
{
	static const int rates[] = { 97, 199, 499, 997, 1999, 4001, 4999 };
	static const int ticks[] = { 1, 10, 100, 500, 1000, 5000 };
	char name[32];
	struct probe *p;

	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		snprintf(name, sizeof(name), "profile-%d", rates[i]);
		p = probes_add(tab, &prov_profile, "", "", name);
		p->data = NSEC_PER_SEC / (uint64_t)rates[i];
	}
	for (size_t i = 0; i < sizeof(ticks) / sizeof(ticks[0]); i++) {
		snprintf(name, sizeof(name), "tick-%d", ticks[i]);
		p = probes_add(tab, &prov_profile, "", "", name);
		p->data = NSEC_PER_SEC / (uint64_t)ticks[i];
	}
	return 0;
}

static struct probe *profile_create(struct probe_table *tab, const char *mod,
				    const char *func, const char *name)
{
	struct probe *p;
	uint64_t period;
	bool is_tick;

	if (*mod || *func)
		return NULL;
	period = prov_profile_period(name, &is_tick);
	if (period == 0)
		return NULL;
	for (size_t i = 0; i < tab->probes.len; i++) {
		p = tab->probes.data[i];
		if (p->prov == &prov_profile && strcmp(p->name, name) == 0)
			return p;
	}
	p = probes_add(tab, &prov_profile, "", "", name);
	p->data = period;
	return p;
}

/* its names are profile-N and tick-N, listed or made on demand */
static bool profile_has_name(const struct provider *prov,
			     struct probe_table *tab, const char *name)
{
	bool is_tick;

	return probes_is_glob(name) || prov_profile_period(name, &is_tick);
}

/* as in DTrace, arg0 and arg1 (the PCs) are there but args[] is untyped */
static int profile_args(struct probe_table *tab, struct probe *p)
{
	p->args = NULL;
	p->nargs = 0;
	return 0;
}

static int profile_plan(struct probe **probes, size_t n, struct dobj *obj,
			struct attach_vec *out)
{
	for (size_t i = 0; i < n; i++) {
		struct attach *at = prov_attach_new(obj->arena, &prov_profile,
						    &probes[i], 1,
						    BPF_PROG_TYPE_PERF_EVENT);

		at->data = probes[i]->data;
		prov_attach_push(out, at);
	}
	return 0;
}

static void profile_prologue_args(const struct attach *at, struct emit *e,
				  int nargs)
{
	int user, done;

	if (nargs <= 0)
		return;
	user = emit_label_new(e);
	done = emit_label_new(e);
	emit(e, I_LDX_MEM(BPF_DW, R1, R6, (int16_t)PERF_PC_OFF));
	emit(e, I_LDX_MEM(BPF_DW, R2, R6, (int16_t)PERF_MODE_OFF));
	emit(e, I_ALU64_IMM(BPF_AND, R2, PERF_MODE_MASK));
	emit_jmp_imm(e, PERF_USER_OP, R2, 0, user);
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(0)));
	emit(e, I_ST_MEM(BPF_DW, REG_DCTX, prov_argoff(1), 0));
	emit_ja(e, done);
	emit_label_place(e, user);
	emit(e, I_ST_MEM(BPF_DW, REG_DCTX, prov_argoff(0), 0));
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(1)));
	emit_label_place(e, done);
	prov_emit_zero_args(e, 2, nargs);
}

/*
 * profile-N: one event per online CPU; tick-N: one CPU only, as DTrace;
 * under -x cpu, both only on that CPU.
 */
static int profile_attach(struct attach *at, int prog_fd)
{
	struct perf_event_attr attr;
	bool is_tick = strncmp(at->probes[0]->name, "tick-", 5) == 0;
	int *cpus, n, attached = 0, err = 0;

	n = prov_online_cpus(&cpus);
	if (n < 0)
		return n;
	if (at->cpu >= 0 && n > 0) {
		cpus[0] = at->cpu;
		n = 1;
	}
	if (is_tick)
		n = 1;
	for (int i = 0; i < n; i++) {
		int r;

		memset(&attr, 0, sizeof(attr));
		attr.type = PERF_TYPE_SOFTWARE;
		attr.config = PERF_COUNT_SW_CPU_CLOCK;
		attr.sample_period = at->data;
		attr.wakeup_events = 1;
		r = prov_perf_attach(at, prog_fd, &attr, cpus[i]);
		if (r == 0)
			attached++;
		else if (!err)
			err = r;
	}
	free(cpus);
	/* a CPU going offline meanwhile is no reason to fail */
	return attached ? 0 : err;
}

/* as DTrace's profile provider */
static const struct prov_attrs profile_attrs = {
	.provider = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
	.mod = { STAB_UNSTABLE, STAB_UNSTABLE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.name = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
	.args = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
};

const struct provider prov_profile = {
	.name = "profile",
	.attrs = &profile_attrs,
	.enumerate = profile_enumerate,
	.create = profile_create,
	.has_name = profile_has_name,
	.args = profile_args,
	.plan = profile_plan,
	.prologue_prid = prov_emit_const_prid,
	.prologue_args = profile_prologue_args,
	.attach = profile_attach,
};
