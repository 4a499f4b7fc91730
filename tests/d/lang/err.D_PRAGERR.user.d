/* #pragma D error rejects the program with its words as the message */
#pragma D error "unsupported" configuration here

BEGIN
{
	exit(0);
}
