/*
 * udp.d: DTrace's stable views of UDP, as the udp provider gives them
 * (udpinfo_t, the datagram's header; udpsinfo_t, the socket: its ends,
 * or the datagram's where the socket is not known yet), translated from
 * the struct net_ref the provider builds (ip.d).
 */

#pragma D depends_on library ip.d

typedef struct udpinfo {
	uint16_t udp_sport;		/* source port */
	uint16_t udp_dport;		/* destination port */
	uint16_t udp_length;		/* header and payload */
	uint16_t udp_checksum;		/* checksum */
	uintptr_t udp_hdr;		/* the header */
} udpinfo_t;

typedef struct udpsinfo {
	uintptr_t udps_addr;		/* the struct sock */
	uint16_t udps_lport;		/* local port */
	uint16_t udps_rport;		/* remote port */
	string udps_laddr;		/* local address */
	string udps_raddr;		/* remote address */
} udpsinfo_t;

translator udpinfo_t < struct net_ref *R > {
	udp_sport = R->l4 != NULL ? ntohs(((struct udphdr *)R->l4)->source) : 0;
	udp_dport = R->l4 != NULL ? ntohs(((struct udphdr *)R->l4)->dest) : 0;
	udp_length = R->l4 != NULL ? ntohs(((struct udphdr *)R->l4)->len) : 0;
	udp_checksum = R->l4 != NULL ?
	    ntohs(((struct udphdr *)R->l4)->check) : 0;
	udp_hdr = (uintptr_t)R->l4;
};

translator udpsinfo_t < struct net_ref *R > {
	udps_addr = (uintptr_t)R->sk;
	udps_lport = R->lport;
	udps_rport = R->rport;
	udps_laddr = net_addr[R->ver, R->local];
	udps_raddr = net_addr[R->ver, R->remote];
};
