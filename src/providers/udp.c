/*
 * The udp provider, as the Dynamic Tracing Guide gives it: send and
 * receive of every UDP datagram over IPv4 and IPv6, at the device
 * (net.h), with args[0] pktinfo_t, args[1] csinfo_t, args[2] ipinfo_t,
 * args[3] udpsinfo_t and args[4] udpinfo_t (lib/dtrace/ip.d, udp.d).  A
 * datagram received has no socket yet: args[3] has its addresses and
 * ports.
 */
#include "net.h"

#define SKB		X_RAW(0)

#define DATAGRAM(tracepoint, ip, sk, flags) {				\
	.tp = tracepoint,						\
	.proto = { "struct sk_buff *" },				\
	.when = NET_IS_PROTO(SKB, ip, NET_PROTO_UDP),			\
	NET_PKT_REF(SKB, ip, NET_L4(SKB, ip), sk,			\
		    NET_FULL(sk, NET_SOCK_DGRAM, NET_PROTO_UDP), X_IMM(0),	\
		    flags),						\
	NET_ARGS(SKB, sk, ip,						\
		 NET_FULL(sk, NET_SOCK_DGRAM, NET_PROTO_UDP),		\
		 NET_L4(SKB, ip), X_IMM(0)),				\
}

static const struct stp_src send_dgram = DATAGRAM("net_dev_queue",
	NET_IPH_OUT(SKB), SKB_M(SKB, "sk"), 0);
static const struct stp_src receive_dgram = DATAGRAM("netif_receive_skb",
	NET_IPH_IN(SKB), X_IMM(0), NET_IN);

#define UDP_ARGS { NET_PKTINFO, NET_CSINFO, NET_IPINFO,			\
		   NET_XARG("struct udp_sock *", "udpsinfo_t *"),	\
		   NET_XARG("struct udphdr *", "udpinfo_t *") }

static const struct stp_probe udp_probes[] = {
	{ .name = "receive", .args = UDP_ARGS, .src = { &receive_dgram } },
	{ .name = "send", .args = UDP_ARGS, .src = { &send_dgram } },
};

STP_PROVIDER(stp_udp, "udp", udp_probes, &stp_attrs)
