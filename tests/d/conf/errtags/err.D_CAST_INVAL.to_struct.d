/* a cast to a struct type */
BEGIN { trace((struct task_struct)1); exit(0); }
