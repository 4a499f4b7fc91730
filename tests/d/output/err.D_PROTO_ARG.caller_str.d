/* caller is an integer (uintptr_t), not a string */
BEGIN
{
	trace(strlen(caller));
}
