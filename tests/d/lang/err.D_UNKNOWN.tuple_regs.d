/* a tuple of ten keys is past DTrace's tuple registers (tregs, 8, and
 * one more): "Insufficient tuple registers to generate code" */
BEGIN
{
	a[0, 1, 2, 3, 4, 5, 6, 7, 8, 9] = 1;
}
