/*
 * A member type that neither D, the script nor the kernel defines is
 * not a type name, so the member is a syntax error (as in DTrace).
 */
struct s {
	u32 a;
	no_such_type_t b;
};

BEGIN
{
	exit(0);
}
