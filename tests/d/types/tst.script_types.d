/*
 * A script's own types: structs laid out as DTrace does (natural
 * alignment, no tail padding), bit-fields,
 * unions, enums whose enumerators are constants, typedefs, typed
 * globals (zero until assigned); sizeof and offsetof on all of them.
 */
/* @@opts: -q */

struct point {
	int x;
	int y;
};

struct mixed {
	char c;
	long l;
	short s;
};

struct flags {
	unsigned int a : 3;
	unsigned int b : 5;
	int c;
};

union u {
	char c;
	long l;
};

enum color { RED, GREEN = 5, BLUE };

typedef struct point point_t;

int arr[10];
struct point pt;
char buf[8];

BEGIN
{
	printf("point %d %d %d\n", sizeof (struct point), sizeof (point_t),
	    offsetof(struct point, y));
	printf("mixed %d %d %d\n", sizeof (struct mixed),
	    offsetof(struct mixed, l), offsetof(struct mixed, s));
	printf("flags %d %d\n", sizeof (struct flags), offsetof(struct flags, c));
	printf("union %d\n", sizeof (union u));
	printf("enum %d %d %d %d\n", RED, GREEN, BLUE, sizeof (enum color));
	printf("arr %d %d %d\n", sizeof (arr), sizeof (arr[0]), arr[3]);
	printf("pt %d %d\n", pt.x, pt.y);
	printf("buf [%s]\n", buf);
	printf("int64_t %d\n", sizeof (int64_t));
	exit(0);
}
