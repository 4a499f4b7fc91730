/* typedef of a name that is no type anywhere (Oracle's err.D_SYNTAX.badtype) */
typedef no_such_type_t new_int;

BEGIN
{
	exit(0);
}
