/* a constant register index below zero is refused at compile time */
BEGIN
{
	trace(uregs[-2]);
	exit(0);
}
