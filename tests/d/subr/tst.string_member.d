/*
 * A string member of a struct the script declares holds a copy of the
 * string assigned to it (truncated to strsize characters, NULL as "",
 * which is not NULL),
 * in a global struct and in a struct-valued associative array alike,
 * and reads back as a string that subroutines take.
 */
#pragma D option quiet
#pragma D option strsize=16

struct rec {
	string name;
	int n;
};

struct rec g;
struct rec a[int];

BEGIN
{
	g.name = "global";
	g.name = strjoin(g.name, "!");
	a[1].name = "first";
	a[1].n = 7;
	a[2].name = "a string longer than strsize";
	a[3].name = NULL;
	printf("%s %d\n", g.name, strlen(g.name));
	printf("%s %d %s\n", a[1].name, a[1].n, toupper(a[1].name));
	printf("[%s] [%s] %d\n", a[2].name, a[3].name, a[3].name == NULL);
	printf("%d\n", index(a[2].name, "long"));
	exit(0);
}
