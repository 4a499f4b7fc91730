/*
 * -C: the macros DTrace predefines for the preprocessor (the D version
 * as major << 24 | minor << 12), and no __GNUC__, as D is not GNU C.
 */
/* @@opts: -q -C */

BEGIN
{
#if defined(__linux) && defined(__unix) && defined(__SVR4) && \
    defined(__Linux) && defined(__SUNW_D_64)
	printf("system macros\n");
#endif
#ifdef __GNUC__
	printf("__GNUC__ is defined\n");
#endif
	printf("%d %x\n", __SUNW_D, __SUNW_D_VERSION);
	exit(0);
}
