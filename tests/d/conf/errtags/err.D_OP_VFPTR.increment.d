/* void * has no element size for ++ to step by */
BEGIN
{
	buf = alloca(16);
	buf++;
	exit(0);
}
