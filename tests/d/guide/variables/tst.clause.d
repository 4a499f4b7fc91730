/*
 * Variables, clause-local variables: the Guide's clause.d.  A this->
 * variable keeps its value across the clauses of one probe firing, so
 * the first clause chooses the starting value and the others increment
 * it.  The Guide fires tick-1sec; the last clause exits so that the
 * output is the first firing's three lines.
 */
/* @@opts: -q */

int me;			/* an integer global variable */
this int foo;		/* an integer clause-local variable */

tick-1ms
{
	this->foo = (me % 3 == 0) ? 10 : this->foo;
	printf("Clause 1 is number %d; foo is %d\n", me++ % 3, this->foo++);
}

tick-1ms
{
	this->foo = (me % 3 == 0) ? 20 : this->foo;
	printf("Clause 2 is number %d; foo is %d\n", me++ % 3, this->foo++);
}

tick-1ms
{
	this->foo = (me % 3 == 0) ? 30 : this->foo;
	printf("Clause 3 is number %d; foo is %d\n", me++ % 3, this->foo++);
	exit(0);
}
