/* a key of another struct type, however alike, does not match */
struct one { int v; };
struct two { int v; };

struct one x;
struct two y;

BEGIN
{
	k[x] = 1;
	k[y] = 2;
}
