/* the shipped libraries: errno.d, signal.d and regs.d constants */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", EPERM, ENOENT, EWOULDBLOCK, SIGKILL, SIGRTMAX);
	printf("%d %d %d\n", R_PC, R_SP, R_R0);
	exit(0);
}
