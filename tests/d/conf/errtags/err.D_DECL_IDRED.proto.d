/* a function declared again with other parameters */
int bdt_fn(int, int);
int bdt_fn(int);

BEGIN { exit(0); }
