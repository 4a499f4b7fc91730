/* a thread-local first assigned an int cannot take a string */
BEGIN
{
	self->x = 1;
	self->x = "string";
}
