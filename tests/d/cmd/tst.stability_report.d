/*
 * -v reports a program's least stability attributes, as dtrace(1M)
 * does before tracing: of its probe descriptions (BEGIN names no
 * provider: Unstable; dtrace:::END is Stable) and of its statements,
 * lowered by what they name (curthread's data is Private, htons() is
 * Evolving), each attribute on its own.
 */
/* @@opts: -q -v */

BEGIN
/curthread != 0/
{
	printf("%d\n", htons(256));
	exit(0);
}

dtrace:::END
{
	printf("end\n");
}
