/*
 * Translators: each member assigned in a translator must be a member of
 * the output struct.
 */

struct file_info {
	int fd;
};

translator struct file_info < int F > {
	fd = F;
	name = "x";
};

BEGIN
{
	exit(0);
}
