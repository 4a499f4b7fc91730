/*
 * Verifier stress: nested if/else five deep, with actions and
 * assignments in every branch, all in one clause.
 */
/* @@opts: -q */

BEGIN
{
	x = 13;
	s = "";
	if (x > 0) {
		if (x > 5) {
			if (x > 10) {
				if (x % 2) {
					if (x == 13) {
						s = "thirteen";
						printf("deep %d\n", x);
					} else {
						s = "odd";
					}
				} else {
					s = "even";
					printf("even\n");
				}
			} else {
				s = "6-10";
			}
		} else if (x > 2) {
			s = "3-5";
		} else {
			s = "1-2";
		}
	} else {
		s = "nonpositive";
		printf("neg\n");
	}
	if (s == "thirteen")
		printf("%s\n", s);
	else
		printf("other %s\n", s);
	if (x < 0)
		printf("never\n");
	exit(0);
}
