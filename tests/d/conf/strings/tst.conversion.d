/*
 * Strings chapter, string conversion: stringof() and the (string) cast
 * turn a char pointer or a char array into a string; on a string they
 * change nothing.
 */
/* @@opts: -q */

BEGIN
{
	s = "convert";
	printf("%s %s\n", stringof(s), (string)s);
	printf("%s %s\n", stringof(curthread->comm), (string)curthread->comm);
	p = &curthread->comm[0];
	printf("%s %d\n", (string)p, (string)p == "dtrace");
	exit(0);
}
