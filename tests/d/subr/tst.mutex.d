/*
 * The mutex subroutines on a real struct mutex: a seq_file's lock,
 * which each read(2) of /proc/self/stat takes with mutex_lock().  At
 * entry the lock is free (owner NULL, not owned); at return the
 * current thread holds it: mutex_owner() is curthread, a struct
 * task_struct * whose members can be read.  Every Linux mutex is
 * adaptive, none a spin lock.
 */
/* @@needs: kprobes */
/* @@trigger: workload -n bdt-mutex read /proc/self/stat */
#pragma D option quiet

self struct mutex *m;

fbt::mutex_lock:entry
/execname == "bdt-mutex" && !self->m/
{
	self->m = (struct mutex *)arg0;
	printf("entry: owned %d, owner %p\n", mutex_owned(self->m),
	    mutex_owner(self->m));
}

fbt::mutex_lock:return
/self->m/
{
	printf("return: owned %d, owner is curthread %d, owner's comm %s\n",
	    mutex_owned(self->m), mutex_owner(self->m) == curthread,
	    stringof(mutex_owner(self->m)->comm));
	printf("adaptive %d, spin %d\n", mutex_type_adaptive(self->m),
	    mutex_type_spin(self->m));
	exit(0);
}
