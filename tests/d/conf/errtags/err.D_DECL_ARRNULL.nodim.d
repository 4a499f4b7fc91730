/* a global array without a dimension */
int a[];
BEGIN { exit(0); }
