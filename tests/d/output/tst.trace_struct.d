/*
 * trace() of a struct, union or array records its bytes and prints
 * them as a hex dump, as tracemem() does, whatever their size and even
 * when they read as text (Oracle's DTrace).
 */
/* @@trigger: workload -n memtest -c 1 writehex 3412000000aabbcc7698000041424344454647 */

struct st {
	int a;
	char b;
	int c;
};

struct text {
	char t[7];
};

union u {
	int i;
	char c[4];
};

syscall::write:entry
/execname == "memtest"/
{
	trace(*(struct st *)copyin(arg1, 12));
	trace(*(struct text *)copyin(arg1 + 12, 7));
	trace(*(union u *)copyin(arg1, 4));
	trace(((struct st *)copyin(arg1, 12))->c);
	exit(0);
}
