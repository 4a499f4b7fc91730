/* ... in a store into an array member of a struct too */
struct rec { char tag[6]; int n; } r;

BEGIN
{
	r.tag[6] = 'x';
}
