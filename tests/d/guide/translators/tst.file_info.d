/*
 * Translators: the Guide's struct file_info and its translator, with an
 * int (a file descriptor) as the input type instead of the Guide's
 * user-space FILE *; xlate to the struct type and to a pointer to it,
 * one member at a time.
 */
/* @@opts: -q */

struct file_info {
	string name;	/* name of file */
	int fd;		/* file descriptor */
};

translator struct file_info < int F > {
	name = "unknown";
	fd = F;
};

BEGIN
{
	printf("%s %d\n", xlate <struct file_info> (3).name,
	    xlate <struct file_info> (4).fd);
	printf("%s %d\n", xlate <struct file_info *> (5)->name,
	    xlate <struct file_info *> (6)->fd);
	exit(0);
}
