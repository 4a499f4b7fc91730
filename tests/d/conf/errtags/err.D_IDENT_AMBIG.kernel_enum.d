/*
 * On the right of a comparison with a value of a kernel enum type, a
 * name that is both one of that enum's tags and a D global variable is
 * ambiguous.
 */
enum pid_type kind;
int PIDTYPE_PGID;

BEGIN
{
	kind = PIDTYPE_PID;
	trace(kind == PIDTYPE_PGID);
	exit(0);
}
