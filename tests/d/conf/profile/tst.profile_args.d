/*
 * profile-N fires on every CPU: arg0 is the kernel PC (0 in user code)
 * and arg1 the user PC (0 in the kernel); exactly one is non-zero.
 * A busy workload makes sure some samples land in user code.
 */
/* @@opts: -q */
/* @@trigger: workload */

profile-997
/(arg0 != 0) + (arg1 != 0) != 1/
{
	printf("bad sample: %x %x\n", arg0, arg1);
}

profile-997
/arg1 != 0/
{
	u++;
}

profile-997
/arg0 != 0/
{
	k++;
}

tick-500ms
{
	printf("samples: %s\n", u + k > 0 ? "yes" : "no");
	exit(0);
}
