/* copyout() needs bpf_probe_write_user: refused under lockdown */
#pragma D option quiet

BEGIN
{
	copyout(0, 0, 0);
}
