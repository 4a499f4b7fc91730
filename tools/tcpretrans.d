#!/usr/bin/env -S dtrace -s
/*
 * tcpretrans.d: TCP segments retransmitted, with their connection.
 *
 * Usage: tcpretrans.d [PORT]
 *	PORT	only connections whose remote port is PORT
 *
 * One line per retransmission (the kernel's tcp:tcp_retransmit_skb
 * tracepoint, through the sdt provider): the address family, the local
 * and remote addresses and ports, and the connection's state
 * (SYN_SENT for a connection request that went unanswered).  Most
 * retransmissions happen in a timer, on no process's behalf: there is
 * no pid.
 */
#pragma D option quiet
#pragma D option defaultargs

inline string tcp_state_name[int s] =
	s == 1 ? "ESTABLISHED" : s == 2 ? "SYN_SENT" : s == 3 ? "SYN_RECV" :
	s == 4 ? "FIN_WAIT1" : s == 5 ? "FIN_WAIT2" : s == 6 ? "TIME_WAIT" :
	s == 7 ? "CLOSE" : s == 8 ? "CLOSE_WAIT" : s == 9 ? "LAST_ACK" :
	s == 10 ? "LISTEN" : s == 11 ? "CLOSING" : "UNKNOWN";

BEGIN
{
	printf("%-3s %-39s %5s %-39s %5s %s\n", "IP", "LADDR", "LPORT",
	    "RADDR", "RPORT", "STATE");
}

/*
 * The addresses are read from the socket (args[1]): the tracepoint's
 * own address arrays are only copies of them.
 */
sdt:tcp::tcp_retransmit_skb
/($1 == 0 || args[4] == $1) && args[5] == AF_INET/
{
	this->sk = (struct sock *)args[1];
	printf("%-3d %-39s %5d %-39s %5d %s\n", 4,
	    inet_ntoa(&this->sk->__sk_common.skc_rcv_saddr), args[3],
	    inet_ntoa(&this->sk->__sk_common.skc_daddr), args[4],
	    tcp_state_name[this->sk->__sk_common.skc_state]);
}

sdt:tcp::tcp_retransmit_skb
/($1 == 0 || args[4] == $1) && args[5] == AF_INET6/
{
	this->sk = (struct sock *)args[1];
	printf("%-3d %-39s %5d %-39s %5d %s\n", 6,
	    inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_rcv_saddr),
	    args[3], inet_ntop(AF_INET6, &this->sk->__sk_common.skc_v6_daddr),
	    args[4], tcp_state_name[this->sk->__sk_common.skc_state]);
}
