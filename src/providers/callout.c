/*
 * FreeBSD's callout_execute provider, as Linux can back it: a timer
 * callback (a struct timer_list of the timer wheel, Linux's callout) as
 * it starts and as it ends, from the timer:timer_expire_entry and
 * timer_expire_exit tracepoints, in the context that runs it (a softirq,
 * or the timer's kernel thread).  args[0] is the timer, whose member
 * function is the callback:
 *	callout_execute:::callout-start { @[sym((uintptr_t)args[0]->function)] = count(); }
 * High-resolution timers (hrtimers) are not callouts and fire nothing.
 */
#include "stp.h"

static const struct stp_src expire_entry = {
	.tp = "timer_expire_entry",
	.proto = { "struct timer_list *" },
	.args = { X_RAW(0) },
};

static const struct stp_src expire_exit = {
	.tp = "timer_expire_exit",
	.proto = { "struct timer_list *" },
	.args = { X_RAW(0) },
};

static const struct stp_probe callout_probes[] = {
	{ .name = "callout-end", .args = { ARG("struct timer_list *") },
	  .src = { &expire_exit } },
	{ .name = "callout-start", .args = { ARG("struct timer_list *") },
	  .src = { &expire_entry } },
};

/* FreeBSD's SDT providers' attributes */
static const struct prov_attrs callout_attrs = {
	.provider = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
	.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	.name = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
	.args = { STAB_EVOLVING, STAB_EVOLVING, CLS_COMMON },
};

STP_PROVIDER(stp_callout, "callout_execute", callout_probes, &callout_attrs)
