/* ip:::send has six arguments (its hidden arg7 is no args[ ]) */
ip:::send
{
	trace(args[7]);
}
