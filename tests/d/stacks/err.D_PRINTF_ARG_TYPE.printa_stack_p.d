/*
 * A stack() key is a stack to printa()'s checks: %p does not take one.
 */

BEGIN
{
	@[stack()] = count();
	printa("%p\n", @);
	exit(0);
}
