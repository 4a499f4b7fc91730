/*
 * exit() in the ERROR clause ends tracing as anywhere else, and END
 * still fires.
 */
#pragma D option quiet

ERROR
{
	printf("Error fired\n");
	exit(0);
}

END
{
	printf("End fired after exit\n");
}

BEGIN
{
	x = 0;
	x = 1 / x;
	exit(1);
}
