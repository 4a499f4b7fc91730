/*
 * exit() takes the exit status.
 */
BEGIN
{
	exit();
}
