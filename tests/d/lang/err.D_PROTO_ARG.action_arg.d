/*
 * An action called as another function's argument is a void value
 * there, checked against that function's prototype (DTrace's order).
 */
BEGIN
{
	exit(trace(1));
}
