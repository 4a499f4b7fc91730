/* a typo in a translated member: tcpsinfo_t has tcps_lport */
tcp:::send
{
	trace(args[3]->tcps_lprt);
}
