/*
 * printf's %A of a plain user address (ucaller, a uintptr_t) names it
 * in the process that fired, as ustack()'s frames are named
 * (object`function+0xoff), with the conversion's width and flags (also
 * a * width); %a is a kernel address, so a user one prints raw, as in
 * DTrace.  The workload's "calls" action makes its system call from
 * wl_leaf(), called by wl_mid(): ucaller is in wl_mid().
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-ucA calls */

syscall::getppid:entry
/execname == "bdt-ucA"/
{
	printf("%A|\n", ucaller);
	printf("[%-30A]\n", ucaller);
	printf("[%*A]\n", -30, ucaller);
	printf("[%-30A]\n", (uintptr_t)(ucaller - 1));
	printf("%A|\n", usym(ucaller));
	printf("%a|\n", ucaller);
	exit(0);
}
