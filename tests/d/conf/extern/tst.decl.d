/* @@opts: -q */
/*
 * extern declarations and function prototypes are accepted, as in
 * DTrace: they type symbols defined elsewhere and allocate nothing.
 * The same declaration may be repeated; a function declared outside
 * typedef is an extern.
 */
extern int some_kernel_counter;
extern int some_kernel_counter;
extern unsigned long jiffies_like[4];
long lookup(const char *, int);
long lookup(const char *, int);
void notify(void);
typedef int cmp_t(const void *, const void *);
extern cmp_t sorter;
cmp_t *cmpfn;
int (*opfn)(int, ...);

BEGIN
{
	printf("%d %d %d\n", sizeof (cmpfn), sizeof (opfn), cmpfn == 0);
	exit(0);
}
