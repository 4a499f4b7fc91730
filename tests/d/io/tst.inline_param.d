/*
 * Inlines with parameters, the form of io.d's fds[]: each use is the
 * initializer with the parameters replaced by the arguments, converted
 * to the parameters' types; fds[] of an fd out of range is "<none>".
 */
/* @@opts: -q */

inline int sq[int x] = x * x;
inline string cmp[int a, int b] = a > b ? "gt" : a < b ? "lt" : "eq";
inline char low[int x] = x;
inline int len[string s] = strlen(s);

BEGIN
{
	printf("%d %d %d\n", sq[3], sq[-4] + 1, sq[sq[2]]);
	printf("%s %s %s\n", cmp[2, 1], cmp[1, 2], cmp[7, 7]);
	printf("%d %d\n", low[0x141], sizeof (low[1]));
	printf("%d\n", len["hello"]);
	printf("[%s] [%s]\n", fds[-1].fi_name, fds[1 << 30].fi_pathname);
	exit(0);
}
