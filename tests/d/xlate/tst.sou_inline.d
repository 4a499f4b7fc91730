/*
 * Inlines of struct and union type: one naming a global struct (it
 * follows later stores to it), one standing for a whole translation,
 * and a parametric inline reading a member of a translation.  A cast
 * of a struct to its own type is the struct itself, and a translator
 * may define a member twice (the first definition is used).
 */
/* @@opts: -q */

struct pair {
	int p_a;
	char p_b;
};

union word {
	int w_i;
	char w_c;
};

struct pair g;
union word u;
inline struct pair gi = g;
inline union word ui = u;

translator struct pair < int N > {
	p_a = N * 2;
	p_b = 'x';
	p_a = N * 3;
};

inline struct pair twice = xlate <struct pair> (21);
inline int half[int n] = (xlate <struct pair> (n)).p_a / 2;

translator union word < struct pair P > {
	w_i = ((struct pair)P).p_a + 1;
};

BEGIN
{
	g.p_a = 7;
	g.p_b = 'q';
	u.w_c = 'z';
	printf("%d %c %c\n", gi.p_a, gi.p_b, ui.w_c);
	printf("%d %c %d\n", twice.p_a, twice.p_b, half[50]);
	printf("%d\n", xlate <union word> (g).w_i);
	exit(0);
}
