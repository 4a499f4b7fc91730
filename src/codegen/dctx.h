/*
 * The probe context: one per CPU (element 0 of a per-CPU array map),
 * pointed to by REG_DCTX for the whole of a BPF program.  The provider's
 * prologue fills in the probe identity and arguments; clause code reads
 * them and uses the rest as scratch space (string temporaries, tuple
 * keys, clause-local variables).  Tracing programs do not nest on one CPU
 * for the program types used here (the kernel's bpf_prog_active guard),
 * so one context per CPU suffices.
 */
#ifndef BD_DCTX_H
#define BD_DCTX_H

#include <stdint.h>

#define DCTX_NARGS	10
/* the whole struct must fit a per-CPU map value (at most 32K) */
#define DCTX_SCRATCH	(32 * 1024 - 320)

struct dctx {
	uint64_t ctx;			/* the BPF program context pointer */
	uint64_t args[DCTX_NARGS];	/* arg0 .. arg9 */
	uint32_t prid;			/* probe id of this firing */
	uint32_t defer_clause;		/* the clause a deferred firing
					 * resumes at (cg_defer.c) */
	/* chill() on this CPU (cg_loop.c): the start of the current
	 * interval and the nanoseconds spun in it */
	uint64_t chillmark, chilled;
	/* timestamp of this firing, read once (cg_bvar.c); 0: not yet */
	uint64_t tstamp;
	/* the cpuinfo_t curcpu points to, filled where it is read
	 * (cg_var.c): cpu_id, cpu_pset, cpu_chip, cpu_lgrp */
	int32_t cpuinfo[4];
	/* the task_struct of the thread the probe describes, where it is
	 * not the running one (struct attach other_thread, cg_thread.c) */
	uint64_t thread;
	/* what a provider's prologue builds for its arguments to point to
	 * (the io provider's view of a block I/O, stp.h's X_PDATA) */
	uint64_t pdata[16];
	/* clause scratch: laid out by the code generator per clause */
	uint8_t scratch[DCTX_SCRATCH] __attribute__((aligned(8)));
};

#endif
