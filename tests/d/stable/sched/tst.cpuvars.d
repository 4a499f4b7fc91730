/*
 * The CPU's variables: chip, lgrp and pset are curcpu's fields (Linux has
 * no processor sets or locality groups: 0, 0 and -1), cpu its id.
 */
/* @@opts: -q */

BEGIN
{
	printf("chip %d lgrp %d pset %d, cpu is curcpu's: %d\n", chip, lgrp,
	    pset, cpu == curcpu->cpu_id);
	exit(0);
}
