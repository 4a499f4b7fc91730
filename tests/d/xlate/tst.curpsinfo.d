/*
 * curpsinfo, curlwpsinfo and curcpu, through the translators of the
 * shipped psinfo.d and sched.d, agree with the built-ins.
 */
/* @@opts: -q */
/* @@trigger: workload -n xlwork calls */

syscall::getppid:entry
/execname == "xlwork"/
{
	printf("pid %d\n", curpsinfo->pr_pid == pid);
	printf("ppid %d\n", curpsinfo->pr_ppid == ppid);
	printf("uid %d gid %d\n", curpsinfo->pr_uid == uid, curpsinfo->pr_gid == gid);
	printf("fname %d %s\n", curpsinfo->pr_fname == execname, curpsinfo->pr_fname);
	printf("psargs %s\n", curpsinfo->pr_psargs);
	printf("model %d zone %d\n", curpsinfo->pr_dmodel == PR_MODEL_LP64, curpsinfo->pr_zoneid);
	printf("lwpid %d\n", curlwpsinfo->pr_lwpid == tid);
	printf("state %d %c\n", curlwpsinfo->pr_state == SONPROC, curlwpsinfo->pr_sname);
	printf("name %s class %s\n", curlwpsinfo->pr_name, curlwpsinfo->pr_clname);
	printf("onpro %d cpu %d\n", curlwpsinfo->pr_onpro == cpu, curcpu->cpu_id == cpu);
	exit(0);
}
