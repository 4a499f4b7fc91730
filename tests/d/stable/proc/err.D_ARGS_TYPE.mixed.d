/*
 * args[0] is a psinfo_t * on proc:::create and a string on proc:::exec:
 * one clause cannot read it on both.
 */
proc:::create,
proc:::exec
{
	trace(args[0]);
}
