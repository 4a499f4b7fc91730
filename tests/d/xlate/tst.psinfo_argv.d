/*
 * curpsinfo's pr_argc, pr_argv and pr_envp: the initial argument and
 * environment vectors of the process, read with copyin(); another
 * process's (the parent's) has its argv address but no argc or envp.
 */
/* @@opts: -q */
/* @@trigger: workload -n psargv calls */

syscall::getppid:entry
/execname == "psargv"/
{
	this->argv = curpsinfo->pr_argv;
	printf("argc %d\n", curpsinfo->pr_argc);
	printf("argv[0] %s\n", basename(copyinstr(*(uintptr_t *)copyin(this->argv, 8))));
	printf("argv[1] %s\n", copyinstr(*(uintptr_t *)copyin(this->argv + 8, 8)));
	printf("argv[2] %s\n", copyinstr(*(uintptr_t *)copyin(this->argv + 16, 8)));
	printf("argv[3] %s\n", copyinstr(*(uintptr_t *)copyin(this->argv + 24, 8)));
	printf("argv[4] %d\n", *(uintptr_t *)copyin(this->argv + 32, 8));
	printf("envp after argv %d\n", curpsinfo->pr_envp == this->argv + 40);
	printf("parent argc %d argv %d envp %d\n",
	    xlate <psinfo_t *> (curthread->real_parent)->pr_argc,
	    xlate <psinfo_t *> (curthread->real_parent)->pr_argv != 0,
	    xlate <psinfo_t *> (curthread->real_parent)->pr_envp);
	exit(0);
}
