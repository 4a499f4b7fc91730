/* copyinto() copies into alloca()'d memory only */
BEGIN
{
	copyinto(arg0, 2, "");
}
