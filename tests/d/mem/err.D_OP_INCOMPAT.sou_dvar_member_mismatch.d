/* a string stored into an integer member of a struct-valued element */
struct rec { int id; char name[8]; };
struct rec a[int];

BEGIN
{
	a[1].id = "abc";
}
