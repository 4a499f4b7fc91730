/*
 * basename, dirname and cleanpath, with DTrace's edges: "/" and "",
 * trailing slashes, bare names, "//", "/./" and "/../".
 */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s]\n", basename("/usr/lib/libc.so.1"),
	    dirname("/usr/lib/libc.so.1"));
	printf("[%s] [%s] [%s] [%s]\n", basename("/"), dirname("/"),
	    basename(""), dirname(""));
	printf("[%s] [%s] [%s] [%s]\n", basename("foo"), dirname("foo"),
	    basename("/foo"), dirname("/foo"));
}

BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", basename("a/b//"), dirname("a/b//"),
	    basename("///"), dirname("//a//b"));
	printf("[%s] [%s]\n", cleanpath("a/./b/../c"),
	    cleanpath("/foo//bar/../baz/./qux"));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("/a/.."), cleanpath("/.."),
	    cleanpath("/a/..b/.c"), cleanpath("/x/y/../../z"));
	exit(0);
}
