/* a struct cannot hold itself: it is incomplete until its closing brace */
struct node {
	int v;
	struct node next;
};

BEGIN
{
	exit(0);
}
