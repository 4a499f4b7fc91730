/* offsetof() of a struct only declared: no struct or union to DTrace */
struct fwd;

BEGIN
{
	trace(offsetof(struct fwd, x));
}
