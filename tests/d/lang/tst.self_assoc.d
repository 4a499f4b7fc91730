/*
 * Thread-local associative arrays: self->a[k...] is keyed by the thread
 * and the tuple, so the value BEGIN's thread stored is not seen by the
 * workload's thread; += and ++ read-modify-write an element, a declared
 * value type truncates stores, strings are values and keys, and
 * assigning 0 frees an element.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-sassoc open /etc/hostname */

self char c[string, int];

BEGIN
{
	self->a[1] = 2;
	self->a[2] += 5;
	self->a[2]++;
	self->c["x", 1] = 0x1ff;
	self->s["k", 1] = "hello";
	printf("%d %d %d %d %s %d\n", self->a[1], self->a[2], self->a[3],
	    self->c["x", 1], self->s["k", 1], self->s["k", 2] == NULL);
	self->a[1] = 0;
	printf("freed: %d\n", self->a[1]);
}

syscall::openat:entry
/execname == "bdt-sassoc"/
{
	printf("other thread: %d\n", self->a[2]);
	self->a[2] = 42;
	self->s[execname, 3] = "mine";
}

syscall::openat:return
/self->a[2] == 42/
{
	printf("%d %s\n", self->a[2], self->s["bdt-sassoc", 3]);
	exit(0);
}
