/*
 * Type and Constant Definitions, enumerations: an enumerator name is an
 * identifier in the program's scope and cannot be declared twice.
 */

enum colors { RED, GREEN, BLUE };
enum lights { AMBER, RED };

BEGIN
{
	exit(0);
}
