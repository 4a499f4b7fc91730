/*
 * A compound assignment to an element of an associative array that was
 * never declared or assigned (declaring it, even without setting the
 * element, would do).
 */

BEGIN
{
	bytes[execname] -= 1;
}
