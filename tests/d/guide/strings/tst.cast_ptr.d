/*
 * Strings, string conversion: a (string) cast of a char pointer reads
 * the characters it points to, up to the NUL byte.
 */
/* @@opts: -q */

BEGIN
{
	p = &curthread->comm[0];
	printf("%s\n", (string)p);
	printf("%d\n", (string)p == "dtrace");
	exit(0);
}
