/*
 * cleanpath() cleans as DTrace for Linux does: no trailing "/" but the
 * root's, "." elements gone, ".." takes back the element before it (at
 * the root it is dropped; a relative path keeps the ".." it cannot take
 * back), "." for a path that cleans to nothing, "" for "".
 */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("usr/lib/"),
	    cleanpath("/usr//lib/."), cleanpath("./usr"), cleanpath("x/./"));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("x/y/.."),
	    cleanpath("x/.."), cleanpath("../x/../.."), cleanpath("../../y"));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("/.."),
	    cleanpath("/x/../../y/"), cleanpath(""), cleanpath("/"));
	printf("[%s] [%s] [%s]\n", cleanpath("..x/.y/z.."),
	    cleanpath("a/b/c/../../d/./e//"), cleanpath("./."));
	exit(0);
}
