/*
 * _Bool and bool follow C: converting any non-zero value to them gives
 * 1, zero gives 0, whether by a store to a global, a clause-local, a
 * thread-local or a struct member, by a cast, or by ++ and --.
 */
/* @@opts: -q */

struct s { _Bool f; int g; };
struct s st;
_Bool gb;
bool kb;
this _Bool tb;
self _Bool sb;

BEGIN
{
	gb = 3; kb = 256; this->tb = -1; self->sb = 0;
	st.f = 2; st.g = 7;
	x = (_Bool)4;
	y = (_Bool)0x100;
	z = 5;
	w = (_Bool)z;
	printf("%d %d %d %d %d %d %d %d %d\n", gb, kb, this->tb, self->sb,
	    st.f, st.g, x, y, w);
	printf("%d %d %d\n", sizeof (gb), (_Bool)(z - 5), gb + gb);
	gb++;
	self->sb--;
	printf("%d %d\n", gb, self->sb);
	exit(0);
}
