/* dependencies this system meets are accepted */
#pragma D depends_on provider syscall
#pragma D depends_on module vmlinux
#pragma D binding "1.0" foo
int foo;	/* a binding must name something the program declares */
#pragma D attributes Evolving/Evolving/Common provider syscall
#pragma D option quiet

BEGIN
{
	printf("%d\n", EIO);
	exit(0);
}
