/*
 * setopt() turns agghist on for the following printa() and for the
 * listing at exit; with aggzoom too, the highest bar is 38 columns.
 */
/* @@opts: -q -x aggzoom */

BEGIN
{
	@n[0] = count();
	@n[1] = count();
	@n[1] = count();
	@n[1] = count();
	@s[-1] = sum(3);
	printa(@n);
	setopt("agghist");
	printa(@n);
	exit(0);
}
