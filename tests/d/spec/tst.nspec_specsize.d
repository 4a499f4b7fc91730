/*
 * nspec bounds the speculations (the fourth speculation() fails, as "no
 * speculative buffer available"); specsize bounds each one's data (the
 * second 24-byte record does not fit in 40 bytes: a speculative drop);
 * speculate(0) sends the data nowhere.
 */
#pragma D option quiet
#pragma D option nspec=3
#pragma D option specsize=40

BEGIN
{
	a = speculation(); b = speculation(); c = speculation();
	d = speculation();
	printf("%d %d %d %d\n", a, b, c, d);
}
BEGIN { speculate(a); printf("first %d\n", 1); }
BEGIN { speculate(a); printf("second %d\n", 2); }
BEGIN { speculate(0); printf("nowhere\n"); }
BEGIN { speculate(b); printf("b\n"); }
BEGIN { commit(a); }
BEGIN { commit(b); }
BEGIN { exit(0); }
