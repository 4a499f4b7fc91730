/* An inline's parameter is a scalar or a string. */
struct s { int a; };
inline int f[struct s x] = 1;
