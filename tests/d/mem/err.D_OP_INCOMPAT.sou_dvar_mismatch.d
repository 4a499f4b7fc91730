/* an associative array's struct values are all of one type */
struct pt { int x; int y; };
struct qt { int x; int y; };
struct pt g;
struct qt h;

BEGIN
{
	a[1] = g;
	a[2] = h;
}
