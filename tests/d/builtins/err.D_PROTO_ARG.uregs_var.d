/*
 * uregs[] takes an integer constant, as in DTrace (illumos' and Oracle's
 * alike): a register index in a variable is refused when compiled.
 */
BEGIN
{
	i = R_SP;
	trace(uregs[i]);
}
