/* -x defaultargs: unset $N are 0 and $$N "" */
/* @@opts: -x defaultargs */
/* @@args: 7 */
#pragma D option quiet

BEGIN
{
	printf("%d %d [%s] %d\n", $1, $2, $$3, $projid);
	exit(0);
}
