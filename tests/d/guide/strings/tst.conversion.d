/*
 * Strings, string conversion: a char array or char pointer becomes a
 * string with stringof() or a (string) cast; a kernel char array, the
 * current task's comm, is the Linux counterpart of the Guide's kernel
 * strings.
 */
/* @@opts: -q */

BEGIN
{
	printf("%s\n", stringof(curthread->comm));
	printf("%s\n", (string)curthread->comm);
	s = stringof(curthread->comm);
	printf("%d\n", s == execname);
	exit(0);
}
