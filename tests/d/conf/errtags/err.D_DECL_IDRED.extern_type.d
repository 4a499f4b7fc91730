/* an extern declared again with another type */
extern int bdt_counter;
extern long bdt_counter;

BEGIN { exit(0); }
