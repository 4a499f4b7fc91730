/* A parametric inline's initializer must fit its declared type. */
inline int f[int x] = "a";
