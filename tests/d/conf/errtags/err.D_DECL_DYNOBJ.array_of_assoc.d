/* an array whose elements are associative arrays */
int a[2][int];
BEGIN { exit(0); }
