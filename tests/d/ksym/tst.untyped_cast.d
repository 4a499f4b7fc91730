/*
 * A kernel variable BTF gives no type (any but a per-CPU one) is read
 * as the type it is cast to, as gdb reads a symbol without debug
 * information: (struct pid *)`cad_pid is the whole pointer cad_pid
 * holds (init's struct pid: pid 1 at level 0), and (int)`crashing_cpu
 * the int it is, -1 while the kernel is not crashing.
 */
/* @@needs: ksym:cad_pid ksym:crashing_cpu */
#pragma D option quiet

BEGIN
{
	p = (struct pid *)`cad_pid;
	printf("%d %d\n", p->numbers[0].nr, p->level);
	printf("%d\n", ((struct pid *)`cad_pid)->numbers[0].nr);
	printf("%d %d\n", (int)`crashing_cpu, (int)`crashing_cpu < 0);
	printf("%d %d\n", sizeof ((struct pid *)`cad_pid), sizeof ((char)`cad_pid));
	exit(0);
}
