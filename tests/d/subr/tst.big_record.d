/*
 * One clause may record far more than 4K: here sixteen printf() calls of
 * three 256-byte strings each (about 12K of record) all print in order.
 */
#pragma D option quiet

BEGIN
{
	s = "abcabcabc";
	printf("%s %s %s\n", s, strstr(s, "c"), substr(s, 1));
	printf("%s %s %s\n", s, strstr(s, "ca"), substr(s, 2));
	printf("%s %s %s\n", s, strstr(s, "bc"), substr(s, 3));
	printf("%s %s %s\n", s, strstr(s, "ab"), substr(s, 4));
	printf("%s %s %s\n", s, strstr(s, "cab"), substr(s, 5));
	printf("%s %s %s\n", s, strstr(s, "abc"), substr(s, 6));
	printf("%s %s %s\n", s, strstr(s, "bca"), substr(s, 7));
	printf("%s %s %s\n", s, strstr(s, ""), substr(s, 8));
	printf("%s %s %s\n", s, strstr(s, "c"), substr(s, 0, 1));
	printf("%s %s %s\n", s, strstr(s, "ca"), substr(s, 0, 2));
	printf("%s %s %s\n", s, strstr(s, "bc"), substr(s, 0, 3));
	printf("%s %s %s\n", s, strstr(s, "ab"), substr(s, 0, 4));
	printf("%s %s %s\n", s, strstr(s, "cab"), substr(s, 0, 5));
	printf("%s %s %s\n", s, strstr(s, "abc"), substr(s, 0, 6));
	printf("%s %s %s\n", s, strstr(s, "bca"), substr(s, 0, 7));
	printf("%s %s %s\n", s, strstr(s, ""), substr(s, -2));
	exit(0);
}
