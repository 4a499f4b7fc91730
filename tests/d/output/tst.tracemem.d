/*
 * tracemem(): a hex dump of the bytes, always (even when they read as
 * text); the optional third argument prints fewer of them, and one
 * that is 0 or larger than the size prints them all.
 */
/* @@opts: -q */
/* @@trigger: workload -n memtest -c 1 writehex 3412000000aabbcc7698000041424344454647 */

syscall::write:entry
/execname == "memtest"/
{
	tracemem(copyin(arg1, 19), 19);
	tracemem(copyin(arg1, 16), 16, arg2 - 4);
	tracemem(copyin(arg1 + 12, 7), 7, 0);
	tracemem(copyin(arg1 + 12, 7), 7, 100);
	exit(0);
}
