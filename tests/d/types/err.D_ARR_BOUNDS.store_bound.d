/* A constant subscript past a global array's end is refused when compiling. */
int a[4];
BEGIN { a[4] = 1; }
