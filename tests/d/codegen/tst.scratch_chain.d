/*
 * A long chain of string subroutines: each one's inputs are dead once
 * it has its result, which lies first in what it allocated, so only
 * the results waiting for their parents take scratch (cg_subr.c).
 * With the bump allocator, this statement needed more than a clause's
 * scratch.
 */
#pragma D option quiet

BEGIN
{
	s = "/var/log/journal";
	printf("%s\n",
	    strjoin(toupper(substr(strjoin(basename(s), strjoin(":",
	    strjoin(dirname(s), strjoin(":", strjoin(lltostr(strlen(s)),
	    strjoin(":", strjoin(tolower("ABC"), strjoin(":",
	    strjoin(substr(s, 1, 3), strjoin(":", strjoin(cleanpath("/a/../b"),
	    strjoin(":", strjoin(strstr(s, "log"), strjoin(":",
	    strjoin(lltostr(index(s, "j")), strjoin(":",
	    strjoin(strchr(s, 'j'), strjoin(":", "end")))))))))))))))))),
	    0, 400)), strjoin("|", strjoin(rindex(s, "/") > 0 ? "yes" : "no",
	    strjoin("|", toupper(strjoin(substr(basename(dirname(s)), 0, 2),
	    strjoin("-", tolower(toupper(strjoin("x", "y")))))))))));
	exit(0);
}
