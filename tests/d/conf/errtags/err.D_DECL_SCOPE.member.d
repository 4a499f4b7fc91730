/* a member name may not use the scoping operator */
struct s {
	int vmlinux`x;
};
BEGIN { exit(0); }
