/* struct assignment into a member of another struct type */
struct pt { int x; int y; };
struct qt { int x; int y; };
struct box { struct pt s; };
struct box b;
struct qt h;

BEGIN
{
	b.s = h;
}
