# tcp_check.sh NETWORK ACTION ADDR: the body of tst.tcp4.sh and
# tst.tcp6.sh, sourced with $dtrace set.  ACTION's connections are on
# loopback address ADDR; the script keeps to ports BASE and BASE + 1.
net=$1 action=$2 addr=$3
$dtrace -q -c "$net $action" -s /dev/stdin "$addr" <<'EOF2'
inline int BASE = 20000 + $target % 20000;

/* the test's own connections: one end or the other on BASE or BASE + 1 */
tcp:::state-change
/(args[3]->tcps_lport == BASE || args[3]->tcps_rport == BASE ||
  args[3]->tcps_rport == BASE + 1) && args[3]->tcps_laddr == $$1/
{
	@states[args[3]->tcps_lport == BASE ? "server" :
	    args[3]->tcps_rport == BASE ? "client" : "refused",
	    tcp_state_string[args[5]->tcps_state],
	    tcp_state_string[args[3]->tcps_state]] = count();
}

tcp:::connect-request
/args[4]->tcp_dport == BASE || args[4]->tcp_dport == BASE + 1/
{
	@ev[probename, args[4]->tcp_dport - BASE, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[3]->tcps_state, args[4]->tcp_flags] =
	    count();
}

/* every address of a view in one clause */
tcp:::connect-request
/args[4]->tcp_dport == BASE/
{
	printf("SYN %s -> %s, connection %s -> %s, local %d\n",
	    args[2]->ip_saddr, args[2]->ip_daddr, args[3]->tcps_laddr,
	    args[3]->tcps_raddr, args[3]->tcps_local);
}

tcp:::connect-established
/args[4]->tcp_sport == BASE/
{
	@ev[probename, 0, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->tcps_state, args[3]->tcps_rport - BASE] = count();
}

tcp:::accept-established
/args[4]->tcp_dport == BASE/
{
	@ev[probename, 0, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->tcps_state, args[3]->tcps_lport - BASE] = count();
}

tcp:::connect-refused
/args[3]->tcps_rport == BASE + 1/
{
	@ev[probename, 1, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->tcps_state, args[4]->tcp_sport - BASE] = count();
}

tcp:::accept-refused
/args[4]->tcp_sport == BASE + 1/
{
	@ev[probename, 1, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->tcps_state, args[4]->tcp_flags] = count();
}

/* segments: both ways, each with its addresses and its end's port */
tcp:::send, tcp:::receive
/args[4]->tcp_sport == BASE || args[4]->tcp_dport == BASE/
{
	seen[probename] = 1;
	bad[probename] = bad[probename] + !(args[2]->ip_saddr == $$1 &&
	    args[2]->ip_daddr == $$1 && args[3]->tcps_lport ==
	    (probename == "send" ? args[4]->tcp_sport : args[4]->tcp_dport));
	syn[probename] = syn[probename] + ((args[4]->tcp_flags & TH_SYN) != 0);
	data[probename] = data[probename] + args[2]->ip_plength -
	    args[4]->tcp_offset;
}

END
{
	printa("%-8s %-20s -> %-20s %@d\n", @states);
	printa("%s %d %s %s %d %d %@d\n", @ev);
	printf("send: seen %d, wrong %d, SYNs %d, payload %d\n",
	    seen["send"], bad["send"], syn["send"], data["send"]);
	printf("receive: seen %d, wrong %d, SYNs %d, payload %d\n",
	    seen["receive"], bad["receive"], syn["receive"], data["receive"]);
}
EOF2
