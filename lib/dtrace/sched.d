/*
 * sched.d: cpuinfo_t, the stable view of a CPU, and curcpu, the CPU the
 * probe fired on:
 *	profile-997 { @[curcpu->cpu_id] = count(); }
 * and pset, chip and lgrp, its fields as variables.
 * Linux has no processor sets or locality groups: cpu_pset is -1 and
 * cpu_chip and cpu_lgrp are 0.
 * Shipped with bdtrace and loaded before every program.
 */

typedef int chipid_t;
typedef short pri_t;	/* a priority: sched:::change-pri's args[2] */
typedef int lgrp_id_t;

typedef struct cpuinfo {
	processorid_t cpu_id;	/* CPU identifier */
	int cpu_pset;		/* processor set identifier */
	chipid_t cpu_chip;	/* chip identifier */
	lgrp_id_t cpu_lgrp;	/* locality group identifier */
} cpuinfo_t;

/* the CPU a running thread is on */
translator cpuinfo_t < struct task_struct *T > {
	cpu_id = T->thread_info.cpu;
	cpu_pset = -1;
	cpu_chip = 0;
	cpu_lgrp = 0;
};

/* curcpu is a built-in cpuinfo_t * to this CPU's, filled the same way */

/* the current CPU's processor set, chip and locality group, as DTrace's
 * built-in variables (see above for their values on Linux) */
inline int pset = curcpu->cpu_pset;
inline chipid_t chip = curcpu->cpu_chip;
inline lgrp_id_t lgrp = curcpu->cpu_lgrp;
#pragma D attributes Stable/Stable/Common pset
#pragma D attributes Stable/Stable/Common chip
#pragma D attributes Stable/Stable/Common lgrp
