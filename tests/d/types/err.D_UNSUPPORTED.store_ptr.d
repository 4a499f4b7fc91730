/* Stores through a pointer (kernel memory or not) are not supported yet. */
BEGIN { curthread->pid = 1; }
