/*
 * stringof() of a kernel variable BTF gives no type reads the pointer
 * it holds, as stringof((char *)`sym) does: saved_command_line, a
 * char *, is the kernel's command line (the string DTrace, knowing the
 * type, gives), not an int's half of the pointer.
 */
/* @@needs: ksym:saved_command_line */
#pragma D option quiet

BEGIN
{
	s = stringof(`saved_command_line);
	printf("%d %d\n", s == stringof((char *)`saved_command_line),
	    strlen(s) > 0);
	exit(0);
}
