/* a declared name may not use the scoping operator */
int vmlinux`x;
BEGIN { exit(0); }
