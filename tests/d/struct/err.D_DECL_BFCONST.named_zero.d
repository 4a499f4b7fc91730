/* A named bit-field may not have width zero: DTrace wants a positive width. */

struct s {
	int a:0;
};

BEGIN
{
	exit(0);
}
