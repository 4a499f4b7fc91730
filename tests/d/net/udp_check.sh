# udp_check.sh NETWORK ACTION ADDR: the body of tst.udp4.sh and
# tst.udp6.sh, sourced with $dtrace set: ACTION's datagrams on loopback
# address ADDR, ports BASE and BASE + 1, LEN bytes each (tests/network.c).
net=$1 action=$2 addr=$3
$dtrace -q -c "$net $action" -s /dev/stdin "$addr" <<'EOF2'
inline int BASE = 20000 + $target % 20000;
inline int LEN = 16 + $target % 200;

udp:::send, udp:::receive
/args[4]->udp_sport == BASE || args[4]->udp_dport == BASE/
{
	/* a tuple has eight elements at most: the checks, folded */
	@[probename, args[4]->udp_sport - BASE, args[4]->udp_dport - BASE,
	    args[4]->udp_length - LEN, args[2]->ip_plength - LEN,
	    (args[2]->ip_saddr == $$1) * 10 + (args[2]->ip_daddr == $$1),
	    (args[3]->udps_lport - BASE) * 10 + args[3]->udps_rport - BASE,
	    (args[3]->udps_laddr == $$1 && args[3]->udps_raddr == $$1) * 10 +
	    (args[1]->cs_addr == args[3]->udps_addr)] = count();
}

END
{
	printa("%-7s %d -> %d, length LEN+%d, payload LEN+%d, addresses %02d, ends %d, addresses and socket %02d: %@d\n", @);
}
EOF2
