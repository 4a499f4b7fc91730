/*
 * tracemem(): a hex dump of the bytes, always (even when they read as
 * text); the optional third argument prints fewer of them, none when
 * it is 0, and all of them when it is negative or larger than the size
 * (as Oracle's DTrace for Linux prints them).
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
	tracemem(copyin(arg1 + 12, 7), 7, -1);
	tracemem(copyin(arg1 + 12, 7), 7, 2);
	exit(0);
}
