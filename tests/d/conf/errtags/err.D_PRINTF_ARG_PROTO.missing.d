/* a conversion without its argument */
BEGIN { printf("%d\\n"); exit(0); }
