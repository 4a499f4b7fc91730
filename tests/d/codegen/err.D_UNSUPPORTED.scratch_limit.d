/*
 * Past what a clause's scratch holds: a strjoin() keeps two strsize
 * strings for its result, and a comparison holds both of its operands
 * at once; with strsize 4096 the two results need more than the
 * clause's scratch.  A located error says so, not the verifier.  (A
 * nest of strjoin()s builds its string in one buffer: tst.scratch_nest.)
 */
#pragma D option strsize=4096

BEGIN
{
	printf("%d\n", strjoin("a", "b") == strjoin("a", "c"));
}
