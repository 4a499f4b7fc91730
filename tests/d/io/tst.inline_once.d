/*
 * An inline's argument is evaluated once, before the body, however many
 * times the body mentions its parameter: i++ steps i once and each
 * mention reads the value i had.  So for fds[], whose translator reads
 * its parameter in several members.
 */
/* @@opts: -q */

inline int twice[int x] = x + x;
inline int pair[int a, int b] = a * 10 + b + a * 100;
inline string big[int x] = x > 2 ? "big" : x > 1 ? "mid" : "small";

BEGIN
{
	i = 1;
	j = twice[i++];
	printf("%d %d\n", i, j);
	j = pair[i++, i++];
	printf("%d %d\n", i, j);
	printf("%s %d\n", big[i--], i);
	k = -2;
	printf("[%s] %d\n", fds[k--].fi_name, k);
	printf("[%s] %d\n", fds[k++].fi_pathname, k);
	exit(0);
}
