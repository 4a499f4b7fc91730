/* self->x op= y: the undefined self->x is reported before the action */
BEGIN
{
	self->count += trace(1);
}
