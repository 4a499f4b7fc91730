/*
 * A member psinfo_t has but the translator from the kernel's task_struct
 * cannot give (Linux keeps no recent-CPU percentage).
 */
proc:::create
{
	trace(args[0]->pr_pctcpu);
}
