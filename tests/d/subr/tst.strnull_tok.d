/*
 * Walking a string with strtok() until it returns NULL: each token is
 * tested against NULL before it is used, so nothing faults, and the
 * walk stops at the first NULL.  strtok() on a string of delimiters
 * only, or without any string to go on with, is NULL at once.
 */
#pragma D option quiet

BEGIN
{
	n = 0;
	this->t = strtok("usr:bin::sbin:", ":");
	if (this->t != NULL) { printf("%s\n", this->t); n++; }
	this->t = strtok(NULL, ":");
	if (this->t != NULL) { printf("%s\n", this->t); n++; }
	this->t = strtok(NULL, ":");
	if (this->t != NULL) { printf("%s\n", this->t); n++; }
	this->t = strtok(NULL, ":");
	if (this->t != NULL) { printf("%s\n", this->t); n++; }
	this->t = strtok(NULL, ":");
	if (this->t != NULL) { printf("%s\n", this->t); n++; }
	printf("%d tokens\n", n);
}

BEGIN
{
	printf("%d %d\n", strtok(":::", ":") == NULL, strtok(NULL, ":") == NULL);
}

BEGIN
{
	printf("%d\n", strtok(NULL, ":") == NULL);
	exit(0);
}
