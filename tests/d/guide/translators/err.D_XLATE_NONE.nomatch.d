/*
 * Translators: xlate needs a translator from the operand's type to the
 * output type; there is none from a string here.
 */

struct file_info {
	int fd;
};

translator struct file_info < int F > {
	fd = F;
};

BEGIN
{
	trace(xlate <struct file_info> ("foo").fd);
}
