/*
 * lltostr() in bases 10, 16 (0x prefix), 8 (0 prefix) and 2, and
 * strtoll() with blanks, signs, the 0x prefix and digits past the base.
 */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", lltostr(123), lltostr(-45), lltostr(0),
	    lltostr(-9223372036854775807 - 1));
	printf("[%s] [%s] [%s] [%s] [%s]\n", lltostr(255, 16), lltostr(0, 16),
	    lltostr(8, 8), lltostr(5, 2), lltostr(35, 36));
}

BEGIN
{
	printf("%d %d %d %d\n", strtoll("  -123"), strtoll("+42"),
	    strtoll("12abc"), strtoll(""));
	printf("%d %d %d %d\n", strtoll("0x1f", 16), strtoll("1f", 16),
	    strtoll("777", 8), strtoll("z", 36));
	printf("%d\n", strtoll(lltostr(-987654321)));
	exit(0);
}
