/*
 * Two dozen strings made from user memory in one printf: copyinstr()'s
 * buffer and the scratch of the strjoin() or substr() that consumes it
 * are given back once its result is in the record (cg_reclaim.c).
 */
/* @@trigger: workload -n wl_scratch open /tmp/bdt-sc */
#pragma D option quiet

syscall::openat:entry
/execname == "wl_scratch"/
{
	printf("%s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s\n",
	    strjoin(copyinstr(arg1), "0"),
	    strjoin(copyinstr(arg1), "1"),
	    substr(copyinstr(arg1), 2),
	    strjoin(copyinstr(arg1), "3"),
	    strjoin(copyinstr(arg1), "4"),
	    substr(copyinstr(arg1), 5),
	    strjoin(copyinstr(arg1), "6"),
	    strjoin(copyinstr(arg1), "7"),
	    substr(copyinstr(arg1), 1),
	    strjoin(copyinstr(arg1), "9"),
	    strjoin(copyinstr(arg1), "10"),
	    substr(copyinstr(arg1), 4),
	    strjoin(copyinstr(arg1), "12"),
	    strjoin(copyinstr(arg1), "13"),
	    substr(copyinstr(arg1), 0),
	    strjoin(copyinstr(arg1), "15"),
	    strjoin(copyinstr(arg1), "16"),
	    substr(copyinstr(arg1), 3),
	    strjoin(copyinstr(arg1), "18"),
	    strjoin(copyinstr(arg1), "19"),
	    substr(copyinstr(arg1), 6),
	    strjoin(copyinstr(arg1), "21"),
	    strjoin(copyinstr(arg1), "22"),
	    substr(copyinstr(arg1), 2));
	exit(0);
}
