/* ustack()'s string size is a uint32_t in its prototype */
BEGIN
{
	ustack(5, "x");
}
