/*
 * Variables chapter, external variables: a kernel variable named with
 * the backquote scoping operator, read through its BTF type.
 */
/* @@opts: -q */
/* @@xfail: kernel data symbols are absent from /proc/kallsyms here (no CONFIG_KALLSYMS_ALL) */

BEGIN
{
	printf("%d %d\n", `max_pfn > 0, sizeof (`max_pfn));
	exit(0);
}
