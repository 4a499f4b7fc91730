/*
 * The common idiom: a predicate selecting processes by a substring of
 * execname with strstr() != NULL.  Every other process's getppid() makes
 * strstr() NULL, which fails the predicate and faults nowhere; a miss
 * tested with == NULL selects the others.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-nullpred calls */

syscall::getppid:entry
/strstr(execname, "nullpr") != NULL && strstr(execname, "ssh") == NULL/
{
	printf("%s %s %d\n", execname, strstr(execname, "null"),
	    strchr(execname, 'z') == NULL);
	exit(0);
}
