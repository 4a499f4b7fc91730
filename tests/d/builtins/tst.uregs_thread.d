/*
 * uregs[] past pt_regs: the segment and trap state in task->thread, as
 * DTrace for Linux numbers them; and the portable names of regs.d.
 */
/* @@trigger: workload -n bdt-regs calls */
#pragma D option quiet

syscall::getppid:entry
/execname == "bdt-regs"/
{
	printf("%d %d %d %d %d\n", uregs[R_DS] == curthread->thread.ds,
	    uregs[R_ES] == curthread->thread.es,
	    uregs[R_FS] == curthread->thread.fsbase,
	    uregs[R_GS] == curthread->thread.gsbase,
	    uregs[R_TRAPNO] == curthread->thread.trap_nr);
	printf("%d %d %d %d %d %d\n", R_DS, R_ES, R_FS, R_GS, R_TRAPNO, R_ERR);
	printf("%d %d %d %d\n", R_PC, R_SP, R_R0, R_R1);
	exit(0);
}
