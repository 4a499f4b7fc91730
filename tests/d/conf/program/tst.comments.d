/*
 * Program Structure chapter: comments may appear anywhere whitespace
 * may, including inside probe descriptions' surroundings and
 * predicates; a statement's final semicolon before } is optional.
 */
/* @@opts: -q */

BEGIN /* here */
/ /* and here */ 1 /
{
	/* and in the body */
	printf("comments\n");
	exit(0)
}
