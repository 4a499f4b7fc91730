/*
 * Char arrays declared as thread-local and clause-local variables hold
 * their elements; read where a string is expected they give the string
 * they hold (up to the first NUL); trace() of one shows its bytes.
 */
#pragma D option quiet

self char name[8];
this char tag[4];

BEGIN
{
	self->name[0] = 'd';
	self->name[1] = 't';
	self->name[2] = 'r';
	self->name[3] = '\0';
	this->tag[0] = 'o';
	this->tag[1] = 'k';
	this->tag[2] = 0;
	printf("%s %s %c %d\n", self->name, this->tag, self->name[1],
	    sizeof (self->name));
	printf("%d\n", strlen(self->name));
	trace(this->tag);
	printf("\n");
	exit(0);
}
