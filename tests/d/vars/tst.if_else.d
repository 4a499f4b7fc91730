/*
 * if/else with actions in the branches: only the actions of the branch
 * taken print; nested ifs, else-if chains, and a clause that records
 * nothing when no branch with an action runs.
 */
/* @@opts: -q */

BEGIN
{
	x = 3;
	printf("start\n");
	if (x > 2) {
		printf("x > 2\n");
		if (x == 3)
			printf("x == 3\n");
		else
			printf("x != 3\n");
	} else {
		printf("x <= 2\n");
	}
	if (x == 1)
		printf("one\n");
	else if (x == 2)
		printf("two\n");
	else if (x == 3) {
		self->y = x * 2;
		printf("three %d\n", self->y);
	} else
		printf("many\n");
	if (x < 0)
		printf("never\n");
	printf("end\n");
}

BEGIN
{
	if (self->y == 6) {
		this->v = "six";
	} else {
		this->v = "other";
	}
	printf("%s\n", this->v);
	exit(0);
}
