/*
 * net.d: the constants and types D programs hand to the network
 * subroutines, as DTrace's libraries define them: the address families
 * of inet_ntop() and the hardware types of link_ntop() (Linux's
 * values), and ipaddr_t, an IPv4 address in network byte order, as
 * inet_ntoa() takes it.  Shipped with bdtrace and loaded before every
 * program.
 */

inline int AF_INET = 2;
inline int AF_INET6 = 10;

inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

typedef uint32_t ipaddr_t;
