/* the address of a D variable itself cannot be taken */
BEGIN
{
	x = 1;
	p = &x;
}
