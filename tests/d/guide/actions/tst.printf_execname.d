/*
 * Actions chapter, printf(): the Guide's write(2) tracer, printing the
 * program name and the byte count of each write; exit after the first.
 */
/* @@opts: -q */
/* @@trigger: workload -n gactpf write */

BEGIN
{
	printf("tracing\n");
}

syscall::write:entry
/execname == "gactpf"/
{
	printf("%s wrote %d bytes to fd %d\n", execname, arg2,
	    arg0 > 2 ? 3 : (int)arg0);
	exit(0);
}
