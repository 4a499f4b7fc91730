/*
 * The synchronisation-object kinds of lwpsinfo_t's pr_stype, as the
 * Dynamic Tracing Guide names them; Linux does not say what a thread
 * sleeps on, so pr_stype is SOBJ_NONE.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d %d %d\n", SOBJ_NONE, SOBJ_MUTEX,
	    SOBJ_RWLOCK, SOBJ_CV, SOBJ_SEMA, SOBJ_USER, SOBJ_USER_PI,
	    SOBJ_SHUTTLE);
	printf("pr_stype: %s\n",
	    curlwpsinfo->pr_stype == SOBJ_NONE ? "none" : "other");
	exit(0);
}
