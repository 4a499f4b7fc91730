/* a dynamic width without its argument */
BEGIN { printf("%*d"); exit(0); }
