/* A named bit-field may not have width zero. */

struct s {
	int a:0;
};

BEGIN
{
	exit(0);
}
