/* A translator's output must be a struct or union. */
translator int < struct task_struct *T > { x = 1; };
