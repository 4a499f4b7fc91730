/*
 * uregs[] in a pid probe: the thread's registers at the probe, so at an
 * entry the program counter is the function's address and the first
 * argument register holds arg0.
 */
/* @@opts: -q -c @BUILD@/tests/uprog */

pid$target:a.out:up_leaf:entry
{
	printf("%A %d %d\n", uregs[R_PC], uregs[R_RDI] == arg0,
	       uregs[R_RSP] != 0);
}
