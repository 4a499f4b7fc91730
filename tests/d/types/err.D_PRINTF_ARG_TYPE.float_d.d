/* %d does not take a double. */
double d;
BEGIN { printf("%d\n", d); }
