/* an associative array's keys are counted as keys, in DTrace's words */
BEGIN
{
	x[1, 2] = 1;
	x[3] = 2;
}
