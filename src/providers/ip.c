/*
 * The ip provider: send and receive of every IPv4 and IPv6 packet, at
 * the device (net.h: net_dev_queue and netif_receive_skb), with the
 * Dynamic Tracing Guide's arguments: pktinfo_t, csinfo_t, ipinfo_t,
 * ifinfo_t, ipv4info_t and ipv6info_t (lib/dtrace/ip.d); args[4] is
 * NULL for an IPv6 packet and args[5] for an IPv4 one.  A received
 * packet's socket is not known yet (args[1] is NULL), as in DTrace.
 */
#include "net.h"

#define SKB		X_RAW(0)
#define SK		SKB_M(SKB, "sk")

#define IP_SRC(tracepoint, iph, sk, flags) {				\
	.tp = tracepoint,						\
	.proto = { "struct sk_buff *" },				\
	.when = NET_IS_IP(SKB),						\
	NET_PKT_REF(SKB, iph, NET_L4(SKB, iph), sk, X_IMM(0), X_IMM(0),	\
		    flags),						\
	NET_ARGS(SKB, sk, iph, SKB_M(SKB, "dev"),			\
		 X_COND(NET_IS_V4(SKB), iph, X_IMM(0)),			\
		 X_COND(NET_IS_V4(SKB), X_IMM(0), iph)),		\
}

static const struct stp_src ip_send =
	IP_SRC("net_dev_queue", NET_IPH_OUT(SKB), SK, 0);
static const struct stp_src ip_receive =
	IP_SRC("netif_receive_skb", NET_IPH_IN(SKB), X_IMM(0), NET_IN);

#define IP_ARGS { NET_PKTINFO, NET_CSINFO, NET_IPINFO,			\
		  XARG("struct net_device *", "ifinfo_t *"),		\
		  XARG("struct iphdr *", "ipv4info_t *"),		\
		  XARG("struct ipv6hdr *", "ipv6info_t *") }

static const struct stp_probe ip_probes[] = {
	{ .name = "receive", .args = IP_ARGS, .src = { &ip_receive } },
	{ .name = "send", .args = IP_ARGS, .src = { &ip_send } },
};

STP_PROVIDER(stp_ip, "ip", ip_probes, &stp_attrs)
