/* a constant index past uregs[R_TRAPNO] is refused when compiled, as
 * DTrace's code generator does */
BEGIN
{
	trace(uregs[26]);
	exit(0);
}
