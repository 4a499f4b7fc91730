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
 * Multi-byte packet fields are in network byte order: the constants
 * below are what a little-endian load of them gives (x86-64, arm64).
 */
#ifndef BD_NET_H
#define BD_NET_H

#include "stp.h"

#define NET_ETH_IP	0x0008		/* htons(ETH_P_IP), loaded */
#define NET_ETH_IPV6	0xdd86		/* htons(ETH_P_IPV6), loaded */

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

/* the transport header and protocol of IP header ip, of packet skb */
#define NET_L4(skb, ip)	X_COND(NET_IS_V4(skb), \
	X_ADD(ip, X_SHL(X_AND(X_LOAD(ip, 1), X_IMM(0xf)), X_IMM(2))), \
	X_ADD(ip, X_IMM(40)))
#define NET_L4PROTO(skb, ip) X_COND(NET_IS_V4(skb), \
	X_MEMBER(ip, "iphdr", "protocol"), X_MEMBER(ip, "ipv6hdr", "nexthdr"))

/* an IP packet of transport protocol proto */
#define NET_IS_PROTO(skb, ip, proto) \
	X_LAND(NET_IS_IP(skb), X_EQ(NET_L4PROTO(skb, ip), X_IMM(proto)))

/* a socket's struct sock_common member */
#define SK_M(sk, m)	X_MEMBER(sk, "sock_common", m)
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

/*
 * pdata as a struct net_ref: ip and transport headers, the socket and
 * the full one, the TCP states, the flags, the socket buffer
 */
#define NET_REF(ip_, sk_, full_, l4_, state_, flags_, skb_, old_) \
	.pdata = { [0] = (ip_), [1] = (sk_), [2] = (full_), [3] = (l4_), \
		   [4] = (state_), [5] = X_IMM(flags_), [6] = (skb_), \
		   [7] = (old_) }

/* a probe's arguments: pktinfo, csinfo, ip header ... and the net_ref */
#define NET_ARGS(a0, a1, a2, a3, a4, a5) \
	.args = { a0, a1, a2, a3, a4, a5, NULL, X_PDATA(0) }

/* args[i] through the struct net_ref arg7 points to */
#define NET_XARG(native, xl) EARG(native, xl, \
	"xlate <" xl "> ((struct net_ref *)arg7)")

#define NET_PKTINFO	XARG("struct sk_buff *", "pktinfo_t *")
#define NET_CSINFO	XARG("struct sock *", "csinfo_t *")
#define NET_IPINFO	NET_XARG("void *", "ipinfo_t *")

/* the stable providers' attributes: network probes are Oracle's too */
extern const struct stp_provider stp_ip;
extern const struct stp_provider stp_tcp;
extern const struct stp_provider stp_udp;

#endif
