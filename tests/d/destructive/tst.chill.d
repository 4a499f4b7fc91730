/*
 * chill(ns) spins the CPU for at least ns nanoseconds: timestamps taken
 * before and after it differ by at least that much.
 */
/* @@opts: -q -w */

BEGIN
{
	t = timestamp;
	chill(10000000);
	d = timestamp - t;
	printf("%s\n", d >= 10000000 ? "chilled 10ms" : "too short");
	t = timestamp;
	chill(0);
	printf("chill(0) returns\n");
	exit(0);
}
