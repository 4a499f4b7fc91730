/*
 * -C: C's "a[]" is taken in system headers only; in the script, after
 * the header, an array still requires a dimension.
 */
/* @@opts: -C */

#include <stdio.h>

int values[];

BEGIN
{
	exit(0);
}
