/*
 * setopt("aggsortkey") sorts the printa() that follows by key; setopt
 * of aggsortrev reverses it.
 */
/* @@opts: -q */

BEGIN
{
	@c["b"] = count();
	@c["a"] = count();
	@c["a"] = count();
	@c["c"] = count();
	setopt("aggsortkey");
	printa(@c);
	setopt("aggsortrev");
	printa(@c);
	exit(0);
}
