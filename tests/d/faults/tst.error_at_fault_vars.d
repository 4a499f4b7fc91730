/*
 * ERROR, fired inside the faulting firing, has clause-local variables
 * of its own, and the firing's (this->, its arguments and probe) are
 * the same again for the clauses after the faulting one.
 */
/* @@opts: -q */

BEGIN
{
	this->v = 10;
	this->w = "begin";
}

BEGIN
{
	this->v = 20;
	x = 0;
	y = this->v / x;
}

ERROR
{
	printf("ERROR: this->v %d, this->w \"%s\", fault %d, %s\n",
	    this->v, this->w, arg4, probename);
	this->v = 99;
	this->w = "error";
}

ERROR
{
	printf("ERROR again: this->v %d, this->w \"%s\"\n", this->v, this->w);
}

BEGIN
{
	printf("%s: this->v %d, this->w \"%s\"\n", probename, this->v,
	    this->w);
	exit(0);
}
