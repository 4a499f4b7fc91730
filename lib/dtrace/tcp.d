/*
 * tcp.d: DTrace's stable views of TCP, as the tcp provider gives them
 * (tcpinfo_t, the segment's header; tcpsinfo_t, the connection;
 * tcplsinfo_t, its previous state), translated from the struct net_ref
 * the provider builds (ip.d).  TCP_STATE_* are Linux's states, as in
 * Oracle's DTrace for Linux (tcp_state_string[] names them).  A
 * connection's sequence numbers, windows and timers come from its full
 * socket; where there is none (a segment received, a request or
 * time-wait socket, a reset without a socket) they are 0.  tcps_rto is
 * in jiffies, as the kernel keeps it; tcps_rtt and tcps_rtt_sd are in
 * milliseconds; tcps_sack_snxt is snd_una without SACKed data, else
 * snd_nxt.
 */

#pragma D depends_on library ip.d

inline int TH_FIN = 0x01;
inline int TH_SYN = 0x02;
inline int TH_RST = 0x04;
inline int TH_PSH = 0x08;
inline int TH_ACK = 0x10;
inline int TH_URG = 0x20;
inline int TH_ECE = 0x40;
inline int TH_CWR = 0x80;

inline int TCP_STATE_IDLE = 0;
inline int TCP_STATE_ESTABLISHED = 1;
inline int TCP_STATE_SYN_SENT = 2;
inline int TCP_STATE_SYN_RECEIVED = 3;
inline int TCP_STATE_FIN_WAIT_1 = 4;
inline int TCP_STATE_FIN_WAIT_2 = 5;
inline int TCP_STATE_TIME_WAIT = 6;
inline int TCP_STATE_CLOSED = 7;
inline int TCP_STATE_CLOSE_WAIT = 8;
inline int TCP_STATE_LAST_ACK = 9;
inline int TCP_STATE_LISTEN = 10;
inline int TCP_STATE_CLOSING = 11;

inline string tcp_state_string[int s] =
	s == TCP_STATE_CLOSED ? "state-closed" :
	s == TCP_STATE_IDLE ? "state-idle" :
	s == TCP_STATE_LISTEN ? "state-listen" :
	s == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	s == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	s == TCP_STATE_ESTABLISHED ? "state-established" :
	s == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	s == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	s == TCP_STATE_CLOSING ? "state-closing" :
	s == TCP_STATE_LAST_ACK ? "state-last-ack" :
	s == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	s == TCP_STATE_TIME_WAIT ? "state-time-wait" : "<unknown>";

typedef struct tcpinfo {
	uint16_t tcp_sport;		/* source port */
	uint16_t tcp_dport;		/* destination port */
	uint32_t tcp_seq;		/* sequence number */
	uint32_t tcp_ack;		/* acknowledgment number */
	uint8_t tcp_offset;		/* data offset, bytes */
	uint8_t tcp_flags;		/* TH_* */
	uint16_t tcp_window;		/* window */
	uint16_t tcp_checksum;		/* checksum */
	uint16_t tcp_urgent;		/* urgent pointer */
	uintptr_t tcp_hdr;		/* the header */
} tcpinfo_t;

typedef struct tcpsinfo {
	uintptr_t tcps_addr;		/* the struct sock */
	int tcps_local;			/* both ends on this host */
	uint16_t tcps_lport;		/* local port */
	uint16_t tcps_rport;		/* remote port */
	string tcps_laddr;		/* local address */
	string tcps_raddr;		/* remote address */
	int tcps_state;			/* TCP_STATE_* */
	uint32_t tcps_iss;		/* initial sequence number sent */
	uint32_t tcps_suna;		/* sent, not acknowledged */
	uint32_t tcps_snxt;		/* next to send */
	uint32_t tcps_rnxt;		/* next expected */
	uint32_t tcps_swnd;		/* send window */
	int32_t tcps_snd_ws;		/* send window scale */
	uint32_t tcps_rwnd;		/* receive window */
	int32_t tcps_rcv_ws;		/* receive window scale */
	uint32_t tcps_cwnd;		/* congestion window */
	uint32_t tcps_cwnd_ssthresh;	/* slow start threshold */
	uint32_t tcps_sack_snxt;	/* next to retransmit */
	uint32_t tcps_rto;		/* retransmit timeout */
	uint32_t tcps_mss;		/* segment size */
	int tcps_retransmit;		/* a retransmission is sent */
	uint32_t tcps_rtt;		/* smoothed round-trip time */
	uint32_t tcps_rtt_sd;		/* its deviation */
	uint32_t tcps_irs;		/* initial sequence number received */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int tcps_state;			/* the previous state */
} tcplsinfo_t;

/* the view's TCP header as struct tcphdr, or NULL */
inline struct tcphdr *tcp_th[struct net_ref *R] = (struct tcphdr *)R->l4;
/* a header (not a reply built from one) */
inline int tcp_hasth[struct net_ref *R] =
	R->l4 != NULL && (R->flags & NET_SWAP) == 0;

translator tcpinfo_t < struct net_ref *R > {
	tcp_sport = net_srclocal[R] ? R->lport : R->rport;
	tcp_dport = net_srclocal[R] ? R->rport : R->lport;
	tcp_seq = tcp_hasth[R] ? ntohl(tcp_th[R]->seq) : 0;
	tcp_ack = tcp_hasth[R] ? ntohl(tcp_th[R]->ack_seq) :
	    R->l4 != NULL ? ntohl(tcp_th[R]->seq) + 1 : 0;
	tcp_offset = tcp_hasth[R] ? (R->l4[12] >> 4) << 2 :
	    R->l4 != NULL ? 20 : 0;
	tcp_flags = tcp_hasth[R] ? R->l4[13] :
	    R->l4 != NULL ? TH_RST | TH_ACK : 0;
	tcp_window = tcp_hasth[R] ? ntohs(tcp_th[R]->window) : 0;
	tcp_checksum = tcp_hasth[R] ? ntohs(tcp_th[R]->check) : 0;
	tcp_urgent = tcp_hasth[R] ? ntohs(tcp_th[R]->urg_ptr) : 0;
	tcp_hdr = tcp_hasth[R] ? (uintptr_t)R->l4 : 0;
};

/* the full socket as struct tcp_sock, or NULL */
inline struct tcp_sock *tcp_tp[struct net_ref *R] =
	(struct tcp_sock *)R->full;

translator tcpsinfo_t < struct net_ref *R > {
	tcps_addr = (uintptr_t)R->sk;
	tcps_local = R->ver == 4 ? *(uint32_t *)R->local ==
	    *(uint32_t *)R->remote :
	    R->ver == 6 ? ((uint64_t *)R->local)[0] ==
	    ((uint64_t *)R->remote)[0] && ((uint64_t *)R->local)[1] ==
	    ((uint64_t *)R->remote)[1] : 0;
	tcps_lport = R->lport;
	tcps_rport = R->rport;
	tcps_laddr = net_addr[R->ver, R->local];
	tcps_raddr = net_addr[R->ver, R->remote];
	tcps_state = R->state;
	tcps_iss = tcp_tp[R] != NULL && R->state != TCP_STATE_SYN_SENT ?
	    tcp_tp[R]->snd_una - (uint32_t)tcp_tp[R]->bytes_acked - 1 :
	    tcp_tp[R] != NULL ? tcp_tp[R]->snd_una : 0;
	tcps_suna = tcp_tp[R] != NULL ? tcp_tp[R]->snd_una : 0;
	tcps_snxt = tcp_tp[R] != NULL ? tcp_tp[R]->snd_nxt : 0;
	tcps_rnxt = tcp_tp[R] != NULL ? tcp_tp[R]->rcv_nxt : 0;
	tcps_swnd = tcp_tp[R] != NULL ? tcp_tp[R]->snd_wnd : 0;
	tcps_snd_ws = tcp_tp[R] != NULL ? tcp_tp[R]->rx_opt.snd_wscale : 0;
	tcps_rwnd = tcp_tp[R] != NULL ? tcp_tp[R]->rcv_wnd : 0;
	tcps_rcv_ws = tcp_tp[R] != NULL ? tcp_tp[R]->rx_opt.rcv_wscale : 0;
	tcps_cwnd = tcp_tp[R] != NULL ? tcp_tp[R]->snd_cwnd : 0;
	tcps_cwnd_ssthresh = tcp_tp[R] != NULL ? tcp_tp[R]->snd_ssthresh : 0;
	tcps_sack_snxt = tcp_tp[R] == NULL ? 0 :
	    tcp_tp[R]->sacked_out == 0 ? tcp_tp[R]->snd_una :
	    tcp_tp[R]->snd_nxt;
	tcps_rto = tcp_tp[R] != NULL ? tcp_tp[R]->inet_conn.icsk_rto : 0;
	tcps_mss = tcp_tp[R] != NULL ? tcp_tp[R]->mss_cache : 0;
	tcps_retransmit = tcp_tp[R] != NULL && tcp_hasth[R] &&
	    net_srclocal[R] ?
	    (int32_t)(ntohl(tcp_th[R]->seq) - tcp_tp[R]->snd_nxt) < 0 : 0;
	tcps_rtt = tcp_tp[R] != NULL ? (tcp_tp[R]->srtt_us >> 3) / 1000 : 0;
	tcps_rtt_sd = tcp_tp[R] != NULL ? (tcp_tp[R]->mdev_us >> 2) / 1000 : 0;
	tcps_irs = tcp_tp[R] != NULL && tcp_tp[R]->bytes_received > 0 ?
	    tcp_tp[R]->rcv_nxt - (uint32_t)tcp_tp[R]->bytes_received - 1 : 0;
};

translator tcplsinfo_t < struct net_ref *R > {
	tcps_state = R->oldstate;
};
