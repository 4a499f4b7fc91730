/*
 * Kernel typedefs (BTF) as type names: global, self and associative
 * array declarations, struct members, casts (also module-scoped),
 * sizeof, pointer targets, and reads of kernel memory through them.
 */
/* @@opts: -q */

self __u16 sx;
u64 arr[u32];
__u8 vb;
struct kt {
	__s16 s;
	loff_t off;
	bool flag;
	pid_t p;
};
struct kt k;
u32 *ptr;

BEGIN
{
	self->sx = 65537;
	arr[7] = 9;
	vb = (vmlinux`__u8)511 + 1;
	k.s = 40000;
	k.off = -2;
	k.p = 12;
	printf("%d %d %d %d %d %d\n", self->sx, arr[7], vb, k.s, k.off, k.p);
	printf("%d %d %d %d %d\n", sizeof (struct kt), sizeof (loff_t),
	    sizeof (__u16 *), sizeof (vmlinux`__u8), offsetof(struct kt, off));
	printf("%d %d %d %d\n", (__s8)255, (u64)-1 > 0, (u32)-1 == 0xffffffff,
	    (__u8)arr[7] + (u16)65540);
	printf("%d\n", *(u32 *)&curthread->pid == pid);
	ptr = (u32 *)&curthread->tgid;
	printf("%d %d\n", *ptr == pid, (u32 *)0 + 1 == (u32 *)4);
	exit(0);
}
