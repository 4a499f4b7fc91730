/*
 * copyoutstr() takes a string, an address and a maximum length: two
 * arguments are too few, which DTrace reports before anything else.
 */
BEGIN
{
	copyoutstr("hello", 0);
	exit(0);
}
