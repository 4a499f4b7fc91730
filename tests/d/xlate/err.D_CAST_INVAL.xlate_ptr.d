/* a pointer to translated data has no address to cast */
struct dst { int d_v; };

translator struct dst < int N > {
	d_v = N;
};

BEGIN
{
	trace((long)xlate <struct dst *> (5));
	exit(0);
}
