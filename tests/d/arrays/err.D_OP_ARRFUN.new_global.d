/* a new global would take the array's type, which cannot be assigned */
long tab[4];

BEGIN
{
	copy = tab;
}
