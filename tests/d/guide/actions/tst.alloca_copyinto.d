/*
 * Actions and Subroutines chapter: alloca() scratch memory filled by
 * copyinto() from user space (bcopy() takes kernel
 * sources only), then read as a string.
 */
/* @@opts: -q */
/* @@trigger: workload -n gactbc writehex 44547261636500 */

BEGIN
{
	printf("tracing\n");
}

syscall::write:entry
/execname == "gactbc"/
{
	this->buf = (char *)alloca(8);
	copyinto(arg1, 7, this->buf);
	printf("%s\n", stringof(this->buf));
	exit(0);
}
