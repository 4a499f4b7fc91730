/*
 * Speculative Tracing chapter: speculations of successful open(2) calls
 * are discarded, so nothing of them is printed; the non-speculative
 * count shows that they ran.  Eight buffers (nspec) are more than the
 * three opens need, however late the discarded ones are cleaned.
 */
/* @@opts: -q -x nspec=8 */
/* @@trigger: workload -n gspecds -c 3 -i 0 open /etc/hostname */

BEGIN
{
	printf("tracing\n");
}

syscall::openat:entry
/execname == "gspecds"/
{
	self->spec = speculation();
	speculate(self->spec);
	printf("speculative open %s\n", copyinstr(arg1));
}

syscall::openat:return
/self->spec && errno == 0/
{
	discard(self->spec);
	self->spec = 0;
	n++;
}

syscall::pause:entry
/execname == "gspecds"/
{
	printf("%d opens, all discarded\n", n);
	exit(0);
}
