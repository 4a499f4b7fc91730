/*
 * Actions and Subroutines chapter: the string subroutines on constant
 * input, as the Guide describes them.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d\n", strlen("hello"));
	printf("%s\n", strjoin("foo", "bar"));
	printf("%s\n", substr("hello world", 6));
	printf("%s\n", substr("hello world", 0, 5));
	printf("%s\n", substr("hello world", -5, 3));
	printf("%d %d %d\n", index("hello", "l"), rindex("hello", "l"),
	    index("hello", "z"));
	printf("%s %s\n", basename("/usr/lib/libc.so"),
	    dirname("/usr/lib/libc.so"));
	printf("%s %s\n", strchr("a.b.c", '.'), strrchr("a.b.c", '.'));
	printf("%s\n", strstr("bdtrace", "trace"));
	printf("%s %s\n", toupper("MiXeD"), tolower("MiXeD"));
	printf("%s\n", lltostr(-1234));
	printf("%d\n", strtoll("0x1f", 16));
	exit(0);
}
