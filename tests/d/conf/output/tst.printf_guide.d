/*
 * printf() conversions of the Guide's Output Formatting chapter on
 * integers and strings: d i u o x X c s %, flags - + space # 0, widths
 * and precisions (also as * arguments), and the l and ll size
 * prefixes on 64-bit arguments.
 */
/* @@opts: -q */

BEGIN
{
	x = 255;
	n = -42;
	printf("[%d] [%i] [%u] [%o] [%x] [%X]\n", x, x, x, x, x, x);
	printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%+d]\n", n, n, x, x, x, n);
	printf("[%#o] [%#x] [%#X] [%.5d] [%8.3d]\n", x, x, x, x, x);
	printf("[%*d] [%-*d] [%.*d]\n", 6, x, 6, x, 4, x);
	printf("[%ld] [%lld] [%lu] [%lx]\n", (long)n, (long long)n,
	    (unsigned long)n, (long)n);
	printf("[%c] [%c%c]\n", 65, 'h', 'i');
	printf("[%s] [%10s] [%-10s] [%.3s] [%*s]\n", "hello", "hello",
	    "hello", "hello", 7, "hi");
	printf("[%%] [100%%]\n");
	exit(0);
}
