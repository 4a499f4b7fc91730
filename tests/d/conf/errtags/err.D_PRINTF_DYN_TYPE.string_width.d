/* a dynamic width that is not an integer */
BEGIN { printf("%*d", "a", 1); exit(0); }
