/*
 * A compound assignment reads its variable before storing to it, so a
 * global nothing has declared or assigned cannot be its target.
 */

BEGIN
{
	total += arg0;
}
