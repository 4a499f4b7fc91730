/*
 * A pragma is handled where it is read: its error comes before the
 * syntax error of the unfinished declaration above it.
 */
inline int unfinished

#pragma D attributes Solid/Stable/Common unfinished

BEGIN
{
	exit(0);
}
