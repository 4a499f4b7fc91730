/* options that shape compiling and loading (here lockmem) are taken from
 * the command line only, as in DTrace */
#pragma D option lockmem=1

BEGIN
{
	exit(0);
}
