/* two '*' for one width: DTrace names the width (or the precision) */
BEGIN
{
	printf("%**d", 1, 2, 3);
}
