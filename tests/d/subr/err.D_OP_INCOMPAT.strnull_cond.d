/* ?: takes NULL beside a string, but no other integer */
BEGIN
{
	trace(arg0 ? strstr("abc", "b") : 1);
	exit(0);
}
