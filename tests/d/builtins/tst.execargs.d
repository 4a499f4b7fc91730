/*
 * execargs: the process's arguments as one string, separated by
 * spaces (the path of the workload is cut off, it depends on the tree).
 */
/* @@trigger: workload -n bdt-xargs open /dev/null extra */
#pragma D option quiet

syscall::openat:entry
/execname == "bdt-xargs"/
{
	this->s = execargs;
	printf("[%s]\n", substr(this->s, index(this->s, "-n ")));
	printf("%d\n", strlen(this->s) > 0);
	exit(0);
}
