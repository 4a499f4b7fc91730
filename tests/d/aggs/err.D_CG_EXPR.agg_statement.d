/*
 * An aggregating function called other than as an aggregation's value
 * (here, as a statement): DTrace's code generator refuses it.
 */
BEGIN
{
	avg(1);
}
