/*
 * An xlate as an operand of ?: (or ,): its type is dynamic, only its
 * members are values, so the operator has no value to pass on.
 */
BEGIN
{
	trace((pid > 0 ? curpsinfo : curpsinfo)->pr_pid);
	exit(0);
}
