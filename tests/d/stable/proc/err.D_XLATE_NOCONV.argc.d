/*
 * A member psinfo_t has but the translator from the kernel's task_struct
 * cannot give (the argument count lives in the process's own memory).
 */
proc:::create
{
	trace(args[0]->pr_argc);
}
