/*
 * ip.d: DTrace's stable views of IP packets, as the ip, tcp and udp
 * providers give them (pktinfo_t, csinfo_t, ipinfo_t, ifinfo_t,
 * ipv4info_t, ipv6info_t), with translators from what those providers
 * see on Linux: the socket buffer, the socket, the network device and
 * the IP header.  A packet's IP version is its header's first nibble.
 * Where a probe has no packet (a TCP state change) the addresses come
 * from the socket, the local one as the source of an outbound view
 * and as the destination of an inbound one.
 * Shipped with bdtrace and loaded before every program; the translators
 * are checked when a program first uses them.
 */

#pragma D depends_on library net.d

inline int IPPROTO_IP = 0;
inline int IPPROTO_HOPOPTS = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_EGP = 8;
inline int IPPROTO_PUP = 12;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IDP = 22;
inline int IPPROTO_TP = 29;
inline int IPPROTO_DCCP = 33;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_RSVP = 46;
inline int IPPROTO_GRE = 47;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_DSTOPTS = 60;
inline int IPPROTO_OSPF = 89;
inline int IPPROTO_MTP = 92;
inline int IPPROTO_ENCAP = 98;
inline int IPPROTO_PIM = 103;
inline int IPPROTO_COMP = 108;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_MH = 135;
inline int IPPROTO_UDPLITE = 136;
inline int IPPROTO_RAW = 255;

/* the network namespace of a device (its struct net's address) */
typedef uint64_t netstackid_t;
typedef struct in6_addr in6_addr_t;

typedef struct pktinfo {
	uintptr_t pkt_addr;		/* the struct sk_buff */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;		/* the struct sock */
	uint64_t cs_cid;		/* a connection id: the same */
} csinfo_t;

typedef struct ipinfo {
	uint8_t ip_ver;			/* 4 or 6 */
	uint32_t ip_plength;		/* payload length */
	string ip_saddr;		/* source address */
	string ip_daddr;		/* destination address */
} ipinfo_t;

typedef struct ifinfo {
	string if_name;			/* interface name */
	int8_t if_local;		/* the loopback device */
	netstackid_t if_ipstack;	/* network namespace */
	uintptr_t if_addr;		/* the struct net_device */
} ifinfo_t;

typedef struct ipv4info {
	uint8_t ipv4_ver;		/* 4 */
	uint8_t ipv4_ihl;		/* header length, bytes */
	uint8_t ipv4_tos;		/* type of service */
	uint16_t ipv4_length;		/* header and payload */
	uint16_t ipv4_ident;		/* identification */
	uint8_t ipv4_flags;		/* the flags, 4 bits */
	uint16_t ipv4_offset;		/* fragment offset */
	uint8_t ipv4_ttl;		/* time to live */
	uint8_t ipv4_protocol;		/* next protocol */
	string ipv4_protostr;		/* its name */
	uint16_t ipv4_checksum;		/* header checksum */
	ipaddr_t ipv4_src;		/* source address */
	ipaddr_t ipv4_dst;		/* destination address */
	string ipv4_saddr;		/* source address, dotted */
	string ipv4_daddr;		/* destination address, dotted */
	struct iphdr *ipv4_hdr;		/* the header */
} ipv4info_t;

typedef struct ipv6info {
	uint8_t ipv6_ver;		/* 6 */
	uint8_t ipv6_tclass;		/* traffic class */
	uint32_t ipv6_flow;		/* flow label */
	uint16_t ipv6_plen;		/* payload length */
	uint8_t ipv6_nexthdr;		/* next header */
	string ipv6_nextstr;		/* its name */
	uint8_t ipv6_hlim;		/* hop limit */
	in6_addr_t *ipv6_src;		/* source address */
	in6_addr_t *ipv6_dst;		/* destination address */
	string ipv6_saddr;		/* source address, as text */
	string ipv6_daddr;		/* destination address, as text */
	struct ipv6hdr *ipv6_hdr;	/* the header */
} ipv6info_t;

/*
 * What the network providers' probes point a hidden argument (arg7) to,
 * worked out by the provider as the probe fires (src/providers/net.h):
 * the packet's IP and transport headers when there is a packet, its
 * socket when it is known (sk: any kind of socket, whose struct
 * sock_common is valid; full: the same when it is a full socket of the
 * protocol, else NULL), the TCP states to report, and the view: NET_IN
 * for a packet received (or the inbound view of a connection event),
 * NET_SWAP for the reply to the packet (tcp:::accept-refused describes
 * the reset answering a SYN).  Then the view itself: the IP version (0:
 * none known), the payload length, where the view's source and
 * destination addresses and the connection's local and remote addresses
 * are (in the packet's header where there is a packet, else in the
 * socket: 4 bytes for IPv4, 16 for IPv6), and the local and remote
 * ports.
 */
struct net_ref {
	uint8_t *ip;
	struct sock *sk;
	struct sock *full;
	uint8_t *l4;
	int64_t state;
	int64_t flags;
	struct sk_buff *skb;
	int64_t oldstate;
	int64_t ver;
	int64_t plength;
	void *src;
	void *dst;
	void *local;
	void *remote;
	int64_t lport;
	int64_t rport;
};

inline int NET_IN = 1;
inline int NET_SWAP = 2;

/* an address of the view, as text */
inline string net_addr[int64_t ver, void *a] =
	ver == 0 ? "<unknown>" : inet_ntop(ver == 4 ? AF_INET : AF_INET6, a);
/* the view's source is the local end: an outbound packet or event */
inline int net_srclocal[struct net_ref *R] = (R->flags & NET_IN) == 0;

translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
};

translator ipinfo_t < struct net_ref *R > {
	ip_ver = R->ver;
	ip_plength = R->plength;
	ip_saddr = net_addr[R->ver, R->src];
	ip_daddr = net_addr[R->ver, R->dst];
};

/* IFF_LOOPBACK: the device delivers locally */
translator ifinfo_t < struct net_device *N > {
	if_name = N != NULL ? stringof(N->name) : "<unknown>";
	if_local = N != NULL ? (N->flags & 0x8) != 0 : 0;
	if_ipstack = N != NULL ? (uint64_t)N->nd_net.net : 0;
	if_addr = (uintptr_t)N;
};

/* the name of an IP protocol number, as DTrace's libraries give it */
inline string ip_protostr[int p] =
	p == IPPROTO_TCP ? "TCP" : p == IPPROTO_UDP ? "UDP" :
	p == IPPROTO_IP ? "IP" : p == IPPROTO_ICMP ? "ICMP" :
	p == IPPROTO_IGMP ? "IGMP" : p == IPPROTO_EGP ? "EGP" :
	p == IPPROTO_IPV6 ? "IPv6" : p == IPPROTO_ROUTING ? "ROUTE" :
	p == IPPROTO_ESP ? "ESP" : p == IPPROTO_AH ? "AH" :
	p == IPPROTO_ICMPV6 ? "ICMPv6" : p == IPPROTO_OSPF ? "OSPF" :
	p == IPPROTO_SCTP ? "SCTP" : p == IPPROTO_RAW ? "RAW" :
	lltostr(p);

translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = I != NULL ? 4 : 0;
	ipv4_ihl = I != NULL ? (*(uint8_t *)I & 0xf) << 2 : 0;
	ipv4_tos = I != NULL ? I->tos : 0;
	ipv4_length = I != NULL ? ntohs(I->tot_len) : 0;
	ipv4_ident = I != NULL ? ntohs(I->id) : 0;
	ipv4_flags = I != NULL ? ntohs(I->frag_off) >> 12 : 0;
	ipv4_offset = I != NULL ? ntohs(I->frag_off) & 0x0fff : 0;
	ipv4_ttl = I != NULL ? I->ttl : 0;
	ipv4_protocol = I != NULL ? I->protocol : 0;
	ipv4_protostr = I != NULL ? ip_protostr[I->protocol] : "<null>";
	ipv4_checksum = I != NULL ? ntohs(I->check) : 0;
	ipv4_src = I != NULL ? I->saddr : 0;
	ipv4_dst = I != NULL ? I->daddr : 0;
	ipv4_saddr = I != NULL ? inet_ntoa(&I->saddr) : "<null>";
	ipv4_daddr = I != NULL ? inet_ntoa(&I->daddr) : "<null>";
	ipv4_hdr = I;
};

translator ipv6info_t < struct ipv6hdr *I > {
	ipv6_ver = I != NULL ? *(uint8_t *)I >> 4 : 0;
	ipv6_tclass = I != NULL ?
	    (ntohl(*(uint32_t *)I) >> 20) & 0xff : 0;
	ipv6_flow = I != NULL ? ntohl(*(uint32_t *)I) & 0xfffff : 0;
	ipv6_plen = I != NULL ? ntohs(I->payload_len) : 0;
	ipv6_nexthdr = I != NULL ? I->nexthdr : 0;
	ipv6_nextstr = I != NULL ? ip_protostr[I->nexthdr] : "<null>";
	ipv6_hlim = I != NULL ? I->hop_limit : 0;
	ipv6_src = I != NULL ? &I->saddr : NULL;
	ipv6_dst = I != NULL ? &I->daddr : NULL;
	ipv6_saddr = I != NULL ? inet_ntoa6(&I->saddr) : "<null>";
	ipv6_daddr = I != NULL ? inet_ntoa6(&I->daddr) : "<null>";
	ipv6_hdr = I;
};
