/* @@opts: -q */
/*
 * An extern array may leave its outer dimension out, as in C: the size
 * is the symbol's (DTrace refuses a missing dimension only for the
 * variables the script itself declares, D_DECL_ARRNULL).
 */
extern int counts[];
extern long table[][4];
extern char names[];
extern char names[];

BEGIN
{
	printf("ok\n");
	exit(0);
}
