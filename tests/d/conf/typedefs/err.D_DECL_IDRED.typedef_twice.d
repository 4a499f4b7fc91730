/*
 * Type and Constant Definitions chapter: a typedef name cannot be
 * redefined to a different type.
 */

typedef int mytype_t;
typedef long mytype_t;

BEGIN
{
	exit(0);
}
