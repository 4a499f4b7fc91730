/* a type in a message is named as the script wrote it (its typedef) */
BEGIN
{
	x = (uintptr_t)*curthread;
}
