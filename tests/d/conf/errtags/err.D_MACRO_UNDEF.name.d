/* $ followed by a name that is no built-in macro ($pid, $uid ...) */
BEGIN
{
	trace($bdt_nosuchmacro);
	exit(0);
}
