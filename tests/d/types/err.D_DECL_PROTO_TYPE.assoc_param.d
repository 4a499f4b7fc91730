/* an associative array as a function's parameter: a dynamic variable */
int f(int a[int]);
