/* copyout() needs bpf_probe_write_user: refused where the kernel does not
 * give it (lockdown), and not supported yet where it does */
#pragma D option quiet

BEGIN
{
	copyout(0, 0, 0);
}
