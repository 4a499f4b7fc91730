/* an array cannot be assigned as a whole */
int src[2];
int dst[2];

BEGIN
{
	dst = src;
}
