/* well-formed actions in ?: are the D_OP_ACT DTrace reports */
BEGIN
{
	x = 1 ? trace(1) : exit(0);
}
