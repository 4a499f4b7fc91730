/*
 * A kernel variable's address is named by its symbol, as a function's
 * is: printf's %a and sym() of &`max_pfn give vmlinux`max_pfn (with
 * the offset past its start where the address is inside it, which
 * sym() leaves out).
 */
/* @@needs: ksym:max_pfn ksym:linux_banner */
#pragma D option quiet

BEGIN
{
	printf("%a\n", &`max_pfn);
	printf("%a\n", (uintptr_t)&`linux_banner + 2);
	trace(sym((uintptr_t)&`max_pfn + 1));
	printf("|\n%a\n", &`linux_banner);
	exit(0);
}
