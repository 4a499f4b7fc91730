/*
 * The tcp provider, as the Dynamic Tracing Guide gives it: args[0]
 * pktinfo_t, args[1] csinfo_t, args[2] ipinfo_t, args[3] tcpsinfo_t,
 * args[4] tcpinfo_t, and args[5] tcplsinfo_t (the previous state) at
 * state-change (lib/dtrace/ip.d, tcp.d), on IPv4 and IPv6:
 *
 *	send		net_dev_queue of a TCP segment, with its socket
 *	receive		netif_receive_skb of a TCP segment: its socket is
 *			not known yet, so args[3] has the segment's
 *			addresses and ports and no state or sequence
 *			numbers (no tracepoint sees an incoming segment
 *			meet its socket)
 *	connect-request	the send of a SYN without ACK
 *	state-change	sock:inet_sock_set_state of a TCP socket; Linux
 *			moves a closing connection to a time-wait socket
 *			without a tracepoint, its full socket going from
 *			FIN_WAIT_1, FIN_WAIT_2 or CLOSING to CLOSE with no
 *			error: that move is reported as the move to
 *			TIME_WAIT
 *	connect-established	state-change from SYN_SENT to ESTABLISHED,
 *			as the SYN-ACK is taken (the inbound view)
 *	accept-established	from SYN_RECV to ESTABLISHED (the inbound
 *			view of the final ACK)
 *	connect-refused	tcp:tcp_receive_reset on a socket in SYN_SENT
 *	accept-refused	tcp:tcp_send_reset answering a SYN no socket
 *			took (Linux 6.10), else skb:kfree_skb of such a
 *			SYN (dropped for want of a socket, after the
 *			reset): the reset's view (the SYN's addresses and
 *			ports swapped)
 *
 * Without a packet (state changes, connection events, refusals), args[2]
 * and args[4] are built from the socket's addresses and ports, and
 * args[0] is NULL.
 */
#include "net.h"

#define SKB		X_RAW(0)
#define TH_SYN		0x02
#define TH_ACK		0x10
#define TH_RST		0x04

/* a socket's state as tcps_state: a request socket is in SYN_RECV */
#define STATE(sk)	X_COND(sk, X_COND(X_EQ(SK_STATE(sk), \
				  X_IMM(NET_TCP_NEW_SYN_RECV)), \
				  X_IMM(NET_TCP_SYN_RECV), SK_STATE(sk)), \
			       X_IMM(NET_TCP_CLOSE))
#define FULL(sk)	NET_FULL(sk, NET_SOCK_STREAM, NET_PROTO_TCP)
#define IS_TCP(skb, ip)	NET_IS_PROTO(skb, ip, NET_PROTO_TCP)
/* the TCP header's flags of packet skb with IP header ip */
#define FLAGS(skb, ip)	X_LOAD(X_ADD(NET_L4(skb, ip), X_IMM(13)), 1)

/* a segment sent or received: headers, its socket if known */
#define SEGMENT(tracepoint, ip, sk, flags, cond) {			\
	.tp = tracepoint,						\
	.proto = { "struct sk_buff *" },				\
	.when = X_LAND(IS_TCP(SKB, ip), cond),				\
	NET_PKT_REF(SKB, ip, NET_L4(SKB, ip), sk, FULL(sk), STATE(sk),	\
		    flags),						\
	NET_ARGS(SKB, sk, ip, FULL(sk), NET_L4(SKB, ip), X_IMM(0)),	\
}

#define OUT_IP		NET_IPH_OUT(SKB)
#define OUT_SK		SKB_M(SKB, "sk")
static const struct stp_src send_seg =
	SEGMENT("net_dev_queue", OUT_IP, OUT_SK, 0, X_IMM(1));
static const struct stp_src receive_seg =
	SEGMENT("netif_receive_skb", NET_IPH_IN(SKB), X_IMM(0), NET_IN,
		X_IMM(1));
static const struct stp_src connect_request =
	SEGMENT("net_dev_queue", OUT_IP, OUT_SK, 0,
		X_EQ(X_AND(FLAGS(SKB, OUT_IP), X_IMM(TH_SYN | TH_ACK)),
		     X_IMM(TH_SYN)));

/*
 * inet_sock_set_state(sk, oldstate, newstate) of a TCP socket; a full
 * socket leaving FIN_WAIT_1, FIN_WAIT_2 or CLOSING for CLOSE without an
 * error goes to TIME_WAIT (its time-wait socket takes over)
 */
#define SSK		X_RAW(0)
#define OLD		X_RAW(1)
#define NEW		X_RAW(2)
#define TO_TW		X_LAND(X_EQ(NEW, X_IMM(NET_TCP_CLOSE)), \
	X_LAND(X_LOR(X_LOR(X_EQ(OLD, X_IMM(NET_TCP_FIN_WAIT1)), \
			   X_EQ(OLD, X_IMM(NET_TCP_FIN_WAIT2))), \
		     X_EQ(OLD, X_IMM(NET_TCP_CLOSING))), \
	       X_EQ(X_MEMBER(SSK, "sock", "sk_err"), X_IMM(0))))
#define NEW_STATE	X_COND(TO_TW, X_IMM(NET_TCP_TIME_WAIT), NEW)
#define IS_TCP_SK(sk)	X_EQ(X_MEMBER(sk, "sock", "sk_protocol"), \
			     X_IMM(NET_PROTO_TCP))

#define STATE_SRC(cond, flags) {					\
	.tp = "inet_sock_set_state",					\
	.proto = { "struct sock *", "int", "int" },			\
	.when = X_LAND(IS_TCP_SK(SSK), cond),				\
	NET_SK_REF(SSK, SSK, NEW_STATE, flags, OLD),			\
	NET_ARGS(X_IMM(0), SSK, X_IMM(0), SSK, X_IMM(0), OLD),		\
}

static const struct stp_src state_change = STATE_SRC(X_IMM(1), 0);
static const struct stp_src connect_established = STATE_SRC(
	X_LAND(X_EQ(OLD, X_IMM(NET_TCP_SYN_SENT)),
	       X_EQ(NEW, X_IMM(NET_TCP_ESTABLISHED))), NET_IN);
static const struct stp_src accept_established = STATE_SRC(
	X_LAND(X_EQ(OLD, X_IMM(NET_TCP_SYN_RECV)),
	       X_EQ(NEW, X_IMM(NET_TCP_ESTABLISHED))), NET_IN);

/* tcp_receive_reset(sk) while connecting */
static const struct stp_src connect_refused = {
	.tp = "tcp_receive_reset",
	.proto = { "struct sock *" },
	.when = X_EQ(SK_STATE(SSK), X_IMM(NET_TCP_SYN_SENT)),
	NET_SK_REF(SSK, FULL(SSK), SK_STATE(SSK), NET_IN, X_IMM(0)),
	NET_ARGS(X_IMM(0), SSK, X_IMM(0), FULL(SSK), X_IMM(0), X_IMM(0)),
};

/*
 * tcp_send_reset(sk, skb, reason) with no socket, skb the SYN answered
 * (Linux 6.10, whose tracepoint has a reason: before, it did not fire
 * without a socket); its headers where the receive path left them
 */
#define RSKB		X_RAW(1)
#define RIP		NET_IPH_OUT(RSKB)
#define IS_SYN(skb, ip)	X_EQ(X_AND(FLAGS(skb, ip), \
				   X_IMM(TH_SYN | TH_ACK | TH_RST)), \
			     X_IMM(TH_SYN))
#define REFUSED(skb, ip) \
	NET_PKT_REF(skb, ip, NET_L4(skb, ip), X_IMM(0), X_IMM(0), \
		    X_IMM(NET_TCP_CLOSE), NET_SWAP), \
	NET_ARGS(skb, X_IMM(0), ip, X_IMM(0), NET_L4(skb, ip), X_IMM(0))

static const struct stp_src accept_refused_reset = {
	.tp = "tcp_send_reset",
	.proto = { "struct sock *", "struct sk_buff *", "enum sk_rst_reason" },
	.when = X_LAND(X_EQ(X_RAW(0), X_IMM(0)),
		       X_LAND(IS_TCP(RSKB, RIP), IS_SYN(RSKB, RIP))),
	REFUSED(RSKB, RIP),
};

/*
 * Before: skb:kfree_skb(skb, location, reason) of a SYN no socket took,
 * which the kernel has just answered with a reset
 */
#define FSKB		X_RAW(0)
#define FIP		NET_IPH_OUT(FSKB)
static const struct stp_src accept_refused_drop = {
	.tp = "kfree_skb",
	.proto = { "struct sk_buff *", "void *", "enum skb_drop_reason" },
	.when = X_LAND(X_EQ(X_RAW(2), X_ENUM("SKB_DROP_REASON_NO_SOCKET")),
		       X_LAND(IS_TCP(FSKB, FIP), IS_SYN(FSKB, FIP))),
	REFUSED(FSKB, FIP),
};

#define TCPSINFO	NET_XARG("struct tcp_sock *", "tcpsinfo_t *")
#define TCPINFO		NET_XARG("struct tcphdr *", "tcpinfo_t *")
#define TCP_ARGS	{ NET_PKTINFO, NET_CSINFO, NET_IPINFO, TCPSINFO, \
			  TCPINFO }

static const struct stp_probe tcp_probes[] = {
	{ .name = "accept-established", .args = TCP_ARGS,
	  .src = { &accept_established } },
	{ .name = "accept-refused", .args = TCP_ARGS,
	  .src = { &accept_refused_reset, &accept_refused_drop } },
	{ .name = "connect-established", .args = TCP_ARGS,
	  .src = { &connect_established } },
	{ .name = "connect-refused", .args = TCP_ARGS,
	  .src = { &connect_refused } },
	{ .name = "connect-request", .args = TCP_ARGS,
	  .src = { &connect_request } },
	{ .name = "receive", .args = TCP_ARGS, .src = { &receive_seg } },
	{ .name = "send", .args = TCP_ARGS, .src = { &send_seg } },
	{ .name = "state-change",
	  .args = { NET_PKTINFO, NET_CSINFO, NET_IPINFO, TCPSINFO, TCPINFO,
		    NET_XARG("int", "tcplsinfo_t *") },
	  .src = { &state_change } },
};

STP_PROVIDER(stp_tcp, "tcp", tcp_probes, &stp_attrs)
