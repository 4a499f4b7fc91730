#!/usr/bin/env -S dtrace -s
/*
 * tcpaccept.d: passive TCP connections (accept()), as they are made.
 *
 * Usage: tcpaccept.d [PORT]
 *	PORT	only connections to that local port
 *
 * One line per connection established on a listening socket: the
 * address family, the remote address and port, and the local address
 * and port.  The connection is established by the kernel when the
 * client's ACK arrives, on no particular process's behalf: there is no
 * pid to show (the process that will accept() it is not known yet).
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%-3s %-39s %5s %-39s %5s\n", "IP", "RADDR", "RPORT", "LADDR",
	    "LPORT");
}

tcp:::accept-established
/$1 == 0 || args[4]->tcp_dport == $1/
{
	printf("%-3d %-39s %5d %-39s %5d\n", args[2]->ip_ver,
	    args[2]->ip_saddr, args[4]->tcp_sport, args[2]->ip_daddr,
	    args[4]->tcp_dport);
}
