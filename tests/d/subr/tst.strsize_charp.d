/*
 * A string is at most strsize characters, every one of them seen by the
 * string functions, a D string's and a char pointer's alike: a char *
 * used as a string is the string stringof() gives, cut to strsize
 * first.  strchr() and strrchr() find the last of strsize characters
 * (Oracle's read strsize - 1 of them), and substr() of a char * takes
 * its characters from the string cut, not from the memory past the cut
 * (Oracle's does), as illumos DTrace does.  curthread->comm, "dtrace"
 * here, stands for any kernel char *.
 */
/* @@opts: -q -x strsize=4 */

BEGIN
{
	p = (char *)curthread->comm;
	printf("|%s|%s|%s|\n", stringof(p), substr(p, 1), substr(p, 1, 2));
	printf("|%s|%s|\n", strchr(p, 'a'), strrchr(p, 'a'));
	printf("|%s|%d|\n", strchr(p, 'c') == NULL ? "none" : "c", strlen(p));
	s = "abcd";
	printf("|%s|%s|%s|\n", s, strchr(s, 'd'), strrchr(s, 'd'));
	printf("|%s|%s|\n", substr(s, 1), substr(s, 3));
	exit(0);
}
