/*
 * What the ip, tcp and udp providers share: how their tracepoints'
 * packets and sockets are read, and the struct net_ref (lib/dtrace/
 * ip.d) every probe builds in dctx->pdata and hands its translators as
 * a hidden arg7.
 *
 * Packets are seen at the device: net:net_dev_queue as a packet is
 * queued for transmission (its IP header where the stack set it,
 * head + network_header), net:netif_receive_skb as one is received (at
 * data: the core sets network_header only after the tracepoint).  Every
 * packet sent over loopback is seen at both.  Only IP packets (the
 * socket buffer's protocol ETH_P_IP or ETH_P_IPV6) are the providers';
 * the transport header follows the IPv4 header's length, or the 40
 * bytes of an IPv6 header (extension headers are not walked).
 *
 * The view a probe gives (struct net_ref) is worked out here, once per
 * firing, so that the translators only read it: the IP version and
 * payload length, the addresses of the view's source and destination
 * and of the connection's local and remote ends (in the packet's header
 * where there is a packet, else in the socket), and the ports.  A view
 * is outbound (its source is the local end), inbound (NET_IN: a packet
 * received), or the reply to a packet (NET_SWAP: tcp:::accept-refused
 * describes the reset answering a SYN).  Multi-byte packet fields are
 * in network byte order: the protocol constants below are what a
 * little-endian load of them gives (x86-64, arm64); ports are read a
 * byte at a time.
 */
#ifndef BD_NET_H
#define BD_NET_H

#include "stp.h"

#define NET_ETH_IP	0x0008		/* htons(ETH_P_IP), loaded */
#define NET_ETH_IPV6	0xdd86		/* htons(ETH_P_IPV6), loaded */
#define NET_AF_INET	2

/* struct net_ref's flags (lib/dtrace/ip.d) */
#define NET_IN		1		/* a packet received, or its view */
#define NET_SWAP	2		/* the reply to the packet */

/* Linux's TCP states (include/net/tcp_states.h) */
#define NET_TCP_ESTABLISHED	1
#define NET_TCP_SYN_SENT	2
#define NET_TCP_SYN_RECV	3
#define NET_TCP_FIN_WAIT1	4
#define NET_TCP_FIN_WAIT2	5
#define NET_TCP_TIME_WAIT	6
#define NET_TCP_CLOSE		7
#define NET_TCP_CLOSING		11
#define NET_TCP_NEW_SYN_RECV	12

#define NET_SOCK_STREAM		1
#define NET_SOCK_DGRAM		2
#define NET_PROTO_TCP		6
#define NET_PROTO_UDP		17

/* a socket buffer's member */
#define SKB_M(skb, m)	X_MEMBER(skb, "sk_buff", m)
#define NET_IS_V4(skb)	X_EQ(SKB_M(skb, "protocol"), X_IMM(NET_ETH_IP))
#define NET_IS_IP(skb)	X_LOR(NET_IS_V4(skb), \
			      X_EQ(SKB_M(skb, "protocol"), X_IMM(NET_ETH_IPV6)))

/* the IP header of a packet being sent, and of one being received */
#define NET_IPH_OUT(skb) X_ADD(SKB_M(skb, "head"), SKB_M(skb, "network_header"))
#define NET_IPH_IN(skb)	SKB_M(skb, "data")

/* the big-endian 16-bit value at address p */
#define NET_BE16(p)	X_ADD(X_SHL(X_LOAD(p, 1), X_IMM(8)), \
			      X_LOAD(X_ADD(p, X_IMM(1)), 1))
#define NET_AT(p, off)	X_ADD(p, X_IMM(off))

/* the transport header and protocol of IP header ip, of packet skb */
#define NET_L4(skb, ip)	X_COND(NET_IS_V4(skb), \
	X_ADD(ip, X_SHL(X_AND(X_LOAD(ip, 1), X_IMM(0xf)), X_IMM(2))), \
	NET_AT(ip, 40))
#define NET_L4PROTO(skb, ip) X_COND(NET_IS_V4(skb), \
	X_MEMBER(ip, "iphdr", "protocol"), X_MEMBER(ip, "ipv6hdr", "nexthdr"))

/* an IP packet of transport protocol proto */
#define NET_IS_PROTO(skb, ip, proto) \
	X_LAND(NET_IS_IP(skb), X_EQ(NET_L4PROTO(skb, ip), X_IMM(proto)))

/* a socket's struct sock_common member, and a member's address */
#define SK_M(sk, m)	X_MEMBER(sk, "sock_common", m)
#define SK_AT(sk, m)	X_ADD(sk, X_OFFSETOF("sock_common", m))
#define SK_STATE(sk)	SK_M(sk, "skc_state")
/*
 * sk when it is a full socket of type and protocol (a request or
 * time-wait socket has its sock_common only: its state says so, and is
 * tested first), else 0
 */
#define NET_FULL(sk, type, proto) X_COND(X_LAND(X_LAND(sk, \
	X_LAND(X_NE(SK_STATE(sk), X_IMM(NET_TCP_TIME_WAIT)), \
	       X_NE(SK_STATE(sk), X_IMM(NET_TCP_NEW_SYN_RECV)))), \
	X_LAND(X_EQ(X_MEMBER(sk, "sock", "sk_type"), X_IMM(type)), \
	       X_EQ(X_MEMBER(sk, "sock", "sk_protocol"), X_IMM(proto)))), \
	sk, X_IMM(0))

/* ---- a packet's view ---------------------------------------------- */

/* its IP version, payload length, and the header's address fields */
#define PKT_VER(skb)	X_COND(NET_IS_V4(skb), X_IMM(4), X_IMM(6))
#define PKT_PLEN(skb, ip) X_COND(NET_IS_V4(skb), \
	X_SUB(NET_BE16(NET_AT(ip, 2)), \
	      X_SHL(X_AND(X_LOAD(ip, 1), X_IMM(0xf)), X_IMM(2))), \
	NET_BE16(NET_AT(ip, 4)))
#define PKT_HSRC(skb, ip) X_COND(NET_IS_V4(skb), NET_AT(ip, 12), NET_AT(ip, 8))
#define PKT_HDST(skb, ip) X_COND(NET_IS_V4(skb), NET_AT(ip, 16), NET_AT(ip, 24))
/* the header's source is the local end: a packet sent, not a reply */
#define PKT_SRCLOCAL(flags)	(((flags) & (NET_IN | NET_SWAP)) == 0)

/*
 * pdata as a struct net_ref for a packet: skb with IP header ip and
 * transport header l4 (0 if the protocol has no ports), its socket sk
 * if known (full: the same when it is a full socket of the protocol),
 * the TCP state to report, the view's flags (a C constant)
 */
#define NET_PKT_REF(skb, ip, l4, sk, full, state, flags)		\
	.pdata = {							\
		[0] = (ip), [1] = (sk), [2] = (full), [3] = (l4),	\
		[4] = (state), [5] = X_IMM(flags), [6] = (skb),		\
		[7] = X_IMM(0), [8] = PKT_VER(skb),			\
		[9] = PKT_PLEN(skb, ip),				\
		[10] = ((flags) & NET_SWAP) ? PKT_HDST(skb, ip)		\
					    : PKT_HSRC(skb, ip),	\
		[11] = ((flags) & NET_SWAP) ? PKT_HSRC(skb, ip)		\
					    : PKT_HDST(skb, ip),	\
		[12] = PKT_SRCLOCAL(flags) ? PKT_HSRC(skb, ip)		\
					   : PKT_HDST(skb, ip),	\
		[13] = PKT_SRCLOCAL(flags) ? PKT_HDST(skb, ip)		\
					   : PKT_HSRC(skb, ip),	\
		[14] = PKT_SRCLOCAL(flags) ? NET_BE16(l4)		\
					   : NET_BE16(NET_AT(l4, 2)),	\
		[15] = PKT_SRCLOCAL(flags) ? NET_BE16(NET_AT(l4, 2))	\
					   : NET_BE16(l4),		\
	}

/* ---- a connection's view, from its socket (no packet) ------------- */

#define SK_V4(sk)	X_EQ(SK_M(sk, "skc_family"), X_IMM(NET_AF_INET))
#define SK_LOCAL(sk)	X_COND(SK_V4(sk), SK_AT(sk, "skc_rcv_saddr"), \
			       SK_AT(sk, "skc_v6_rcv_saddr"))
#define SK_REMOTE(sk)	X_COND(SK_V4(sk), SK_AT(sk, "skc_daddr"), \
			       SK_AT(sk, "skc_v6_daddr"))
/*
 * the local port: a full socket's inet_sport (as it closes, the kernel
 * gives its port back, zeroing skc_num, before the state change is
 * traced), else skc_num (a request or time-wait socket's)
 */
#define INET_SPORT(full) X_ADD(full, X_OFFSETOF("inet_sock", "inet_sport"))
#define SK_LPORT(sk, full) X_COND(X_LAND(full, \
	X_MEMBER(full, "inet_sock", "inet_sport")), \
	NET_BE16(INET_SPORT(full)), SK_M(sk, "skc_num"))
#define SK_RPORT(sk)	NET_BE16(SK_AT(sk, "skc_dport"))

/* pdata as a struct net_ref for socket sk (full as in NET_PKT_REF) */
#define NET_SK_REF(sk, full, state, flags, old)				\
	.pdata = {							\
		[0] = X_IMM(0), [1] = (sk), [2] = (full), [3] = X_IMM(0), \
		[4] = (state), [5] = X_IMM(flags), [6] = X_IMM(0),	\
		[7] = (old),						\
		[8] = X_COND(sk, X_COND(SK_V4(sk), X_IMM(4), X_IMM(6)),	\
			     X_IMM(0)),					\
		[9] = X_IMM(0),						\
		[10] = ((flags) & NET_IN) ? SK_REMOTE(sk) : SK_LOCAL(sk), \
		[11] = ((flags) & NET_IN) ? SK_LOCAL(sk) : SK_REMOTE(sk), \
		[12] = SK_LOCAL(sk), [13] = SK_REMOTE(sk),		\
		[14] = SK_LPORT(sk, full), [15] = SK_RPORT(sk),		\
	}

/* a probe's arguments: pktinfo, csinfo, ip header ... and the net_ref */
#define NET_ARGS(a0, a1, a2, a3, a4, a5) \
	.args = { a0, a1, a2, a3, a4, a5, NULL, X_PDATA(0) }

/* args[i] through the struct net_ref arg7 points to */
#define NET_XARG(native, xl) EARG(native, xl, \
	"xlate <" xl "> ((struct net_ref *)arg7)")

#define NET_PKTINFO	XARG("struct sk_buff *", "pktinfo_t *")
#define NET_CSINFO	XARG("struct sock *", "csinfo_t *")
#define NET_IPINFO	NET_XARG("void *", "ipinfo_t *")

extern const struct stp_provider stp_ip;
extern const struct stp_provider stp_tcp;
extern const struct stp_provider stp_udp;

#endif
