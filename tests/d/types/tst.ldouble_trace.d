/*
 * trace() of a long double records its 16 bytes (x86-64's 80-bit
 * format, padded), which DTrace prints as it prints any record that is
 * not 1, 2, 4 or 8 bytes long: a hex dump.  The workload writes 1.5.
 */
/* @@opts: -q */
/* @@trigger: workload -n ldtrace -c 1 writehex 00000000000000c0ff3f000000000000000000000000009000c000000000000005db29f9c21d74db4c41000000000000 */

long double gl;

syscall::write:entry
/execname == "ldtrace"/
{
	gl = *(long double *)copyin(arg1, 16);
	trace(gl);
	exit(0);
}
