/* An inline's parameter needs a name to be used by. */
inline int f[int] = 1;
