/* A second translator between the same types is an error. */
struct s { int a; };
translator struct s < struct task_struct *T > { a = T->pid; };
translator struct s < struct task_struct *U > { a = U->tgid; };
