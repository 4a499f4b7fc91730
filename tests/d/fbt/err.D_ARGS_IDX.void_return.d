/* kfree returns nothing: its return probe has args[0] alone */
fbt::kfree:return
{
	trace(args[1]);
}
