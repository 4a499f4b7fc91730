/*
 * normalize(@, n) divides what is printed by n; denormalize() undoes it.
 */
/* @@opts: -q */

BEGIN
{
	@s["a"] = sum(1000);
	@s["b"] = sum(3000);
	normalize(@s, 100);
	printa(@s);
	denormalize(@s);
	printa(@s);
	exit(0);
}
