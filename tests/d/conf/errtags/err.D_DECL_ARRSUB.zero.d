/* a global array of zero elements: the dimension must be positive */
int a[0];
BEGIN { exit(0); }
