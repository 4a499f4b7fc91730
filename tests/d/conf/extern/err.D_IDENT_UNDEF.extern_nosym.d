/* an extern names a kernel symbol: one the kernel lacks is unresolved */
extern int bdt_no_such_kernel_variable;

BEGIN
{
	trace(bdt_no_such_kernel_variable);
	exit(0);
}
