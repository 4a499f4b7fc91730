/* an inline's value is checked where it is defined, outside any clause */
inline int first_arg = args[0];

BEGIN
{
	exit(0);
}
