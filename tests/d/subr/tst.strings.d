/*
 * strlen, strjoin, toupper, tolower, strchr, strrchr and strstr, and
 * their results used as ordinary strings (compared, stored, joined);
 * a miss is NULL (tst.strnull.d).
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", strlen("hello"), strlen(""), strlen(strjoin("ab", "cd")));
	printf("[%s] [%s] [%s]\n", strjoin("foo", "bar"), strjoin("", "x"),
	    strjoin("x", ""));
	printf("[%s] [%s]\n", toupper("Hello, World 42"), tolower("Hello, World 42"));
	u = toupper("mixed");
	printf("%s %d\n", u, u == "MIXED");
}

BEGIN
{
	printf("[%s] [%s] %d [%s]\n", strchr("hello", 'l'),
	    strrchr("hello", 'l'), strchr("hello", 'z') == NULL,
	    strchr("hello", 'h'));
	printf("[%s] %d [%s] [%s]\n", strstr("hello world", "o w"),
	    strstr("hello", "xyz") == NULL, strstr("hello", ""),
	    strstr("aab", "ab"));
	exit(0);
}
