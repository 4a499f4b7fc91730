/* uregs[]: the user registers saved on entry to the kernel; on a syscall
 * entry, R_RAX is -ENOSYS (set by the entry code) and orig_rax the
 * syscall number (getppid is 110 on x86-64) */
/* @@trigger: workload -n bdt-regs calls */
#pragma D option quiet

syscall::getppid:entry
/execname == "bdt-regs"/
{
	printf("%d %d %d\n", uregs[R_ORIG_RAX], uregs[R_PC] != 0,
	    (int64_t)uregs[R_RAX]);
	exit(0);
}
