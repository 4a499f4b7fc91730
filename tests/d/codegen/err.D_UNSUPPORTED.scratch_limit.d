/*
 * Past what a clause's scratch holds: strjoin() keeps two strsize
 * strings for its result, and the outer one's waits while the inner
 * one is made; with strsize 4096 the two need more than the clause's
 * scratch.  A located error says so, not the verifier.
 */
#pragma D option strsize=4096

BEGIN
{
	printf("%s\n", strjoin(strjoin("a", "b"), "c"));
}
