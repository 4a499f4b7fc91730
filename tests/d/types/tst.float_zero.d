/*
 * Uninitialised float and double variables are zero; printf's floating
 * conversions take either size, with flags, width and precision.
 */
/* @@opts: -q */
float f;
double d;

BEGIN
{
	printf("%f %e %E %g %G\n", f, f, d, d, d);
	printf("[%8.3f] [%-12e] [%+g]\n", d, f, d);
	trace(f);
	trace(d);
	printf("\n");
	exit(0);
}
