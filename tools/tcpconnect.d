#!/usr/bin/env -S dtrace -s
/*
 * tcpconnect.d: active TCP connections (connect()), as they are made.
 *
 * Usage: tcpconnect.d [PORT]
 *	PORT	only connections to that remote port
 *
 * One line per connection request (the SYN sent): the pid and name of
 * the process connecting, the address family, the local and remote
 * addresses and ports.  With -c or -p, only that process's connections.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%-7s %-16s %-3s %-39s %5s %-39s %5s\n", "PID", "COMM", "IP",
	    "SADDR", "SPORT", "DADDR", "DPORT");
}

tcp:::connect-request
/($1 == 0 || args[4]->tcp_dport == $1) && ($target == 0 || pid == $target)/
{
	printf("%-7d %-16s %-3d %-39s %5d %-39s %5d\n", pid, execname,
	    args[2]->ip_ver, args[2]->ip_saddr, args[4]->tcp_sport,
	    args[2]->ip_daddr, args[4]->tcp_dport);
}
