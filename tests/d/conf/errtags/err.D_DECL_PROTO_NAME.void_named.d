/* a void parameter with a name */
int f(void x);
BEGIN { exit(0); }
