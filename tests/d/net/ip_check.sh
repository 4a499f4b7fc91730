# ip_check.sh NETWORK ACTION ADDR: the body of tst.ip4.sh and tst.ip6.sh,
# sourced with $dtrace set: the IP packets of ACTION's datagrams, each
# LEN bytes of payload (tests/network.c), on loopback address ADDR.
net=$1 action=$2 addr=$3
$dtrace -q -c "$net $action" -s /dev/stdin "$addr" <<'EOF2'
inline int LEN = 16 + $target % 200;

ip:::send, ip:::receive
/args[2]->ip_plength == LEN + 8 && args[2]->ip_saddr == $$1 &&
 args[2]->ip_daddr == $$1/
{
	@ip[probename, args[2]->ip_ver, args[0]->pkt_addr != 0,
	    args[1]->cs_addr != 0, args[3]->if_name, args[3]->if_local,
	    args[3]->if_ipstack != 0] = count();
	@v4[probename, args[4]->ipv4_ver, args[4]->ipv4_ihl,
	    args[4]->ipv4_hdr != NULL ? args[4]->ipv4_length - LEN : 0,
	    args[4]->ipv4_protostr,
	    args[4]->ipv4_ttl, args[4]->ipv4_hdr != NULL &&
	    args[4]->ipv4_saddr == $$1] = count();
	@v6[probename, args[5]->ipv6_ver,
	    args[5]->ipv6_hdr != NULL ? args[5]->ipv6_plen - LEN : 0,
	    args[5]->ipv6_nextstr, args[5]->ipv6_hlim,
	    args[5]->ipv6_hdr != NULL && args[5]->ipv6_daddr == $$1] = count();
}

END
{
	printa("%-7s IPv%d, packet %d, socket %d, %s local %d stack %d: %@d\n",
	    @ip);
	printa("%-7s v4 %d, ihl %d, length LEN+%d, %s, ttl %d, address %d: %@d\n",
	    @v4);
	printa("%-7s v6 %d, plen LEN+%d, %s, hlim %d, address %d: %@d\n", @v6);
}
EOF2
