/*
 * With -x linkmode=dynamic every kernel symbol is left to be relocated
 * at load time, and a symbol left so is refused unless -x knodefs
 * permits it: -x kdefs after it takes the permission back.  The line is
 * the symbol's, as DTrace reports it.
 */
/* @@opts: -x knodefs -x kdefs */
#pragma D option linkmode=dynamic

BEGIN
{
	x = 1;
	trace((uintptr_t)&`vfs_read);
	exit(0);
}
