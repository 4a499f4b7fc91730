/*
 * Pointers and Arrays, pointers and address spaces: arg1 of write(2) is
 * a user address, so the data is read with copyin(), as in the Guide's
 * stringof(copyin(arg1, arg2)); the workload writes "hello".
 */
/* @@opts: -q */
/* @@trigger: workload -n guidecopyin writehex 68656c6c6f */

syscall::write:entry
/execname == "guidecopyin"/
{
	printf("%s\n", stringof(copyin(arg1, arg2)));
	exit(0);
}
