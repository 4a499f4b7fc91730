/* two parameters of one function prototype with the same name */
int f(int a, int a);
BEGIN { exit(0); }
