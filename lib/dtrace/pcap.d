/*
 * pcap.d: the link types pcap()'s second argument names, as DTrace
 * defines them (the DLT_ values of <pcap/bpf.h>):
 *	ip:::send { pcap((struct sk_buff *)arg0, PCAP_IP); }
 * PCAP_IP is a raw IPv4 or IPv6 packet (DLT_RAW; LINKTYPE_RAW in a
 * capture file).  Other DLT_ values may be given as numbers.  Shipped
 * with bdtrace and loaded before every program.
 */

inline int PCAP_NULL = 0;
inline int PCAP_ETHER = 1;
inline int PCAP_PPP = 9;
inline int PCAP_IP = 12;
inline int PCAP_WIFI = 105;
inline int PCAP_IPOIB = 242;
