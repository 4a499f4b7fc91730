/* a Solaris kernel subroutine: Linux's rwlock_t has no owner to ask */
BEGIN
{
	trace(rw_read_held(0));
}
