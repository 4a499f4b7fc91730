/*
 * rawtp:sched::sched_process_exec gets the tracepoint's own arguments,
 * typed from the kernel's btf_trace_sched_process_exec: the task
 * (struct task_struct *), the pid before the exec (pid_t) and the
 * binary (struct linux_binprm *).  probemod is the tracepoint's group.
 */
/* @@trigger: workload -n bdt-rawtp exec /bin/true */
#pragma D option quiet

rawtp:sched::sched_process_exec
/stringof(args[0]->comm) == "true" &&
 stringof(args[0]->real_parent->comm) == "bdt-rawtp"/
{
	printf("%s %s %s %d %d\n", probemod, probename,
	    stringof(args[2]->filename), args[1] == pid, sizeof (args[1]));
	exit(0);
}
