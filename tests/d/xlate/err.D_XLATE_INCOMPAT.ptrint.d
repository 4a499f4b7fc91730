/* an integer member cannot be translated into a pointer member */
struct src { long s_v; };
struct dst { int *d_p; };

translator struct dst < struct src *S > {
	d_p = S->s_v;
};

BEGIN
{
	exit(0);
}
