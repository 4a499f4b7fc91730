/* a missing ";" makes two struct specifiers one declaration's */
struct a {
	int x;
}

struct b {
	int y;
};
