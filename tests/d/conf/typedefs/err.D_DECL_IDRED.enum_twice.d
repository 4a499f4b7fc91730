/*
 * Type and Constant Definitions chapter: an enumerator name may be
 * defined only once.
 */

enum a { ONE };
enum b { ONE };

BEGIN
{
	exit(0);
}
