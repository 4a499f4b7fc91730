/* A member's definition must have a type its member can hold. */
struct s { int a; char n[16]; };
translator struct s < struct task_struct *T > { a = 1; n = T->pid; };
