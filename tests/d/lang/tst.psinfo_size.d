/*
 * curpsinfo's pr_size and pr_rssize: the image size and resident set in
 * KB, from the process's mm.  The workload has some image (a huge one
 * when built with ASan) and a resident set no larger than it, both
 * multiples of the 4 KB page.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-pssize open /etc/hostname */

syscall::openat:entry
/execname == "bdt-pssize"/
{
	printf("%d %d %d\n", curpsinfo->pr_size > 100,
	    curpsinfo->pr_rssize > 0 && curpsinfo->pr_rssize <= curpsinfo->pr_size,
	    curpsinfo->pr_size % 4 == 0);
	exit(0);
}
