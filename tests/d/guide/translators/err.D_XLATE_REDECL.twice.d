/*
 * Translators: only one translator may be declared for a given pair of
 * input and output types.
 */

struct file_info {
	int fd;
};

translator struct file_info < int F > {
	fd = F;
};

translator struct file_info < int G > {
	fd = G + 1;
};

BEGIN
{
	exit(0);
}
