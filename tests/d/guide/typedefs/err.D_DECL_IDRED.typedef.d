/*
 * Type and Constant Definitions, typedef: a type name cannot be
 * redeclared as a different type.
 */

typedef unsigned char uchar_t;
typedef int uchar_t;

BEGIN
{
	exit(0);
}
