/*
 * Options and Tunables: a size option needs a size; a word is an error.
 */

#pragma D option bufsize=huge

BEGIN
{
	exit(0);
}
