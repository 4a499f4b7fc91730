/*
 * A second body for a struct is refused at its "{", before its members
 * are read (here they would be a syntax error).
 */
struct s {
	int i;
};

translator struct s
{
	int *p
}
