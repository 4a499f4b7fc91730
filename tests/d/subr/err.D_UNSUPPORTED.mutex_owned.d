/* a Solaris kernel subroutine */
BEGIN
{
	trace(mutex_owned(0));
}
