/* clause-local variables cannot be associative arrays */
BEGIN
{
	this->a[1] = 2;
	exit(0);
}
