/*
 * trunc(@, 2) keeps the two greatest values, trunc(@, -1) the least,
 * trunc(@) empties: nothing is listed for it at exit.
 */
/* @@opts: -q */

BEGIN
{
	@a["one"] = sum(1); @a["two"] = sum(2); @a["three"] = sum(3);
	@b["one"] = sum(1); @b["two"] = sum(2); @b["three"] = sum(3);
	@c["one"] = sum(1);
	trunc(@a, 2);
	trunc(@b, -1);
	trunc(@c);
	printa(@a);
	printa(@b);
	printa(@c);
	exit(0);
}
