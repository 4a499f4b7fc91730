/*
 * Stores to members and elements of typed globals: nested members,
 * variable subscripts, compound assignment, ++/--, signed bit-fields
 * (truncated to their width), and char arrays taking strings
 * (truncated, NUL-terminated).  The value of an assignment is the
 * stored value.
 */
/* @@opts: -q */

struct inner { int v[3]; char tag[6]; };
struct outer { long n; struct inner in[2]; short s : 4; short t : 12; };
struct outer o;
int arr[4];
BEGIN
{
	i = 2;
	arr[i] = 7;
	arr[i]++;
	++arr[1];
	arr[3] += arr[i] * 2;
	arr[0] -= 5;
	o.in[1].v[i] = 42;
	o.in[1].v[0] |= 0x30;
	o.in[0].tag = "abcdefgh";
	o.in[1].tag = "xy";
	o.s = -3;
	o.t = 4095;
	o.s += 1;
	x = o.t++;
	printf("%d %d %d %d\n", arr[0], arr[1], arr[2], arr[3]);
	printf("%d %d %s %s\n", o.in[1].v[2], o.in[1].v[0], o.in[0].tag, o.in[1].tag);
	printf("%d %d %d\n", o.s, o.t, x);
	printf("%d\n", (arr[2] = 3) + 1);
	exit(0);
}
