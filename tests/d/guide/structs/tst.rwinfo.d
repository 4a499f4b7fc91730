/*
 * Structs and Unions, structs: the Guide's rwinfo.d, a struct callinfo
 * per system call name in an associative array, updated at read and
 * write entry and return.  The Guide filters on pid == $1 and prints at
 * END; here the workload's read and write action is counted for three
 * calls of each and the times are checked, not printed.
 */
/* @@opts: -q */
/* @@trigger: workload -n guiderw -c 3 -i 0 read */

struct callinfo {
	uint64_t ts;      /* timestamp of last syscall entry */
	uint64_t elapsed; /* total elapsed time in nanoseconds */
	uint64_t calls;   /* number of calls made */
	size_t maxbytes;  /* maximum byte count argument */
};

struct callinfo i[string];	/* declare i as an associative array */

syscall::read:entry, syscall::write:entry
/execname == "guiderw"/
{
	i[probefunc].ts = timestamp;
	i[probefunc].calls++;
	i[probefunc].maxbytes = arg2 > i[probefunc].maxbytes ?
		arg2 : i[probefunc].maxbytes;
}

syscall::read:return, syscall::write:return
/i[probefunc].ts != 0 && execname == "guiderw"/
{
	i[probefunc].elapsed += timestamp - i[probefunc].ts;
}

syscall::read:return
/execname == "guiderw" && i["read"].calls == 3/
{
	printf("        calls  max bytes  elapsed>0\n");
	printf("------  -----  ---------  ---------\n");
	printf("  read  %5d  %9d  %d\n",
	    i["read"].calls, i["read"].maxbytes, i["read"].elapsed > 0);
	exit(0);
}
