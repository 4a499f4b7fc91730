/* An associative array whose values are char arrays. */
#pragma D option quiet

char names[int][6];

BEGIN
{
	names[1][0] = 'a';
	names[1][1] = 'b';
	names[1][2] = '\0';
	names[2][0] = 'z';
	names[2][1] = '\0';
	printf("[%s] [%s] %c\n", names[1], names[2], names[1][1]);
	exit(0);
}
