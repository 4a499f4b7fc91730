/*
 * ERROR's clauses run as a subprogram of the faulting program: string
 * routines (loops, bpf_loop() callbacks on kernels without may_goto) and
 * a busy faulting clause load and run there too, and ERROR's exit() ends
 * tracing before the next clause of the firing.
 */
/* @@opts: -q */
/* @@exit: 2 */

BEGIN
{
	s = "tracing";
	printf("%d %d %s %s\n", (4 + 5) * (6 + 7),
	    ((1 + 2) * (3 + 4)) * ((5 + 6) * (7 + 8)), strjoin(s, "!"),
	    substr(s, 2));
}

BEGIN
{
	z = 0;
	y = (((1 + 2) * (3 + 4)) * ((5 + 6) * (7 + 8))) / z;
}

ERROR
{
	printf("%s: %d %s %d %s\n", probename, index("abcdefg", "ef"),
	    strjoin(probename, "?"), strlen(s), toupper(s));
	exit(2);
}

BEGIN
{
	printf("not printed\n");
	exit(0);
}
