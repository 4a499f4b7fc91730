/*
 * rw_read_held() (a Solaris kernel subroutine) takes a lock pointer: a
 * string argument is a prototype mismatch before it is unsupported.
 */
BEGIN
{
	trace(rw_read_held("lock"));
	exit(0);
}
