/*
 * A typo in a member of a translated argument: args[0] of proc:::create
 * is a psinfo_t *, which has no pr_pidd.
 */
proc:::create
{
	trace(args[0]->pr_pidd);
}
