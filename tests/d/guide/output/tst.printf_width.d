/*
 * Output Formatting chapter, width and precision: a minimum field width,
 * a precision (minimum digits for integers, maximum characters for
 * strings), and '*' taking either from the argument list.
 */
/* @@opts: -q */

BEGIN
{
	printf("[%10s] [%-10s] [%.3s] [%10.3s]\n", "dtrace", "dtrace",
	    "dtrace", "dtrace");
	printf("[%.5d] [%8.5d] [%-8.5d|]\n", 42, 42, 42);
	printf("[%*d] [%-*d] [%.*s]\n", 6, 7, 6, 7, 2, "dtrace");
	exit(0);
}
