/*
 * Program Structure chapter, pragmas: "#pragma D option" sets an
 * option from inside the program (quiet here, so no probe line).
 */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	printf("%d\n", sizeof (string));
	exit(0);
}
