/*
 * An extern declaration types a kernel variable: the bare name then
 * reads it with the declared type (here narrower than the kernel's).
 */
/* @@opts: -q */
/* @@xfail: kernel data symbols are absent from /proc/kallsyms here (no CONFIG_KALLSYMS_ALL) */
extern unsigned char max_pfn;

BEGIN
{
	printf("%d %d\n", sizeof (max_pfn), max_pfn >= 0);
	exit(0);
}
