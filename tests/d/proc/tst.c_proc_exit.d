/*
 * A -c command that exits at once: its proc:::exit fires while tracing
 * (the command is let finish its exit before the probes go), and the
 * trace then ends as the command has.
 */
/* @@opts: -q -c /bin/true */

proc:::exit
/pid == $target/
{
	printf("exit seen, reason %d\n", args[0]);
}

END
{
	printf("end\n");
}
