/* Every member a translator defines must be one of its output type's. */
struct s { int a; };
translator struct s < struct task_struct *T > { a = 1; b = 2; };
