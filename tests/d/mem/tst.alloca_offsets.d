/*
 * Where alloca() memory lies, as DTrace lays it out: each clause's
 * allocations one after another from offset 8 of its scratch, each
 * 8-byte aligned, whatever else the clause computes between them.
 * alloca(0) takes nothing, so the next alloca() starts at the same
 * place; trace() of an alloca() pointer shows that offset, and NULL
 * stays 0.
 */
#pragma D option quiet

BEGIN
{
	p = (char *)alloca(3);
	trace(p);
	printf(" ");
	trace((char *)alloca(9));
	printf(" ");
	s = (char *)alloca(0);
	bcopy(probename, alloca(10), 5);
	printf(" %s ", stringof(s));
	trace(s);
	printf(" ");
	p = NULL;
	trace(p);
	printf("\n");
}

BEGIN
{
	/* a string made between two allocations does not part them */
	q = (char *)alloca(1);
	printf("%s ", strjoin(execname, "!"));
	r = (char *)alloca(1);
	trace(q);
	printf(" ");
	trace(r);
	printf("\n");
	exit(0);
}
