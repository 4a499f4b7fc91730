/*
 * A user address past every mapping of the process (as a frame-pointer
 * walk through code built without frame pointers can produce) is no
 * module's: it prints as a bare address, not as an offset in the last
 * library mapped.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-unmapped calls */

syscall::getppid:entry
/execname == "bdt-unmapped"/
{
	printf("%A\n", 0x746e697500524f52);
	exit(0);
}
