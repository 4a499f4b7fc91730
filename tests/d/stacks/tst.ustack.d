/*
 * ustack(n) records n user frames and prints them one a line after a
 * newline, indented by 14 (stackindent), as "object`function+0xoff".
 * The workload's "calls" action makes its system call from wl_leaf(),
 * called by wl_mid(), called by wl_top(); offsets depend on the
 * compiler, so the .sed file replaces them.  %k prints a stack with the
 * conversion's width for each frame and no indentation; %-Nk indents by
 * N instead.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-ustack calls */

syscall::getppid:entry
/execname == "bdt-ustack"/
{
	ustack(3);
	printf("[%k]\n", ustack(2));
	printf("[%-4k]\n", ustack(1));
	printf("[%30k]\n", ustack(1));
	exit(0);
}
