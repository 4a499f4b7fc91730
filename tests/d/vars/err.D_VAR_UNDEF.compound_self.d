/*
 * A compound assignment to a thread-local variable never declared or
 * assigned: it would read the variable first.
 */

BEGIN
{
	self->flags |= 4;
}
