/*
 * stack() without -q: the probe's line, then the kernel frames one a
 * line after a newline (indented by 14), then the record's newline, so a
 * blank line follows the stack.  Kernel functions are named
 * "vmlinux`function+0xoff"; which functions depends on the kernel, so
 * the .sed file replaces names and offsets.  The tracepoint's own
 * perf_* function is not a frame: the stack starts where the system
 * call is traced.
 */
/* @@trigger: workload -n bdt-kstack calls */

syscall::getppid:entry
/execname == "bdt-kstack"/
{
	stack(2);
	exit(0);
}
