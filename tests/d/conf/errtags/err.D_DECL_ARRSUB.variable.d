/* an array dimension must be a constant, not a variable */
int n;
int a[n];
BEGIN { exit(0); }
