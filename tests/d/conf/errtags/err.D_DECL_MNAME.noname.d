/* a struct member needs a name */
struct s {
	int;
};
BEGIN { exit(0); }
