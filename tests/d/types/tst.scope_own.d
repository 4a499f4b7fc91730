/*
 * D`name and C`name scope a type to DTrace's own containers: the
 * script's typedefs and tags, in casts, sizeof and offsetof.
 */
/* @@opts: -q */

typedef struct pair {
	int first;
	long second;
} pair_t;

union either {
	char c;
	int i;
};

BEGIN
{
	p = (D`pair_t *)alloca(sizeof (D`pair_t));
	p->first = 7;
	p->second = 9;
	q = (struct D`pair *)p;
	printf("%d %d %d %d\n", q->first, q->second, sizeof (struct D`pair),
	    offsetof(struct D`pair, second));
	printf("%d %d %d\n", sizeof (union D`either),
	    offsetof(union D`either, i), sizeof (C`pair_t));
	exit(0);
}
