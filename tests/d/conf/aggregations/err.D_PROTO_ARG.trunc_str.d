/* trunc()'s count is an int64_t in its prototype: a string is D_PROTO_ARG */
BEGIN
{
	@a[1] = count();
	trunc(@a, "x");
}
