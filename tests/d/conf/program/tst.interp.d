#!/usr/sbin/dtrace -qs
/* @@opts: -q */
/*
 * Program Structure chapter: a first "#!" line (an interpreter file)
 * is ignored.
 */

BEGIN
{
	printf("interpreted\n");
	exit(0);
}
