/* proc:::create has one argument: args[1] is out of range */
proc:::create
{
	trace(args[1]);
}
