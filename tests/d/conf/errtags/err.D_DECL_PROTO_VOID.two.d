/* void beside another parameter of a function prototype */
int f(void, int);
BEGIN { exit(0); }
