/*
 * net.d: AF_INET and AF_INET6 for inet_ntop(), ARPHRD_ETHER and
 * ARPHRD_INFINIBAND, and ipaddr_t (a network-order IPv4 address, as
 * inet_ntoa() takes it) need no declaration.
 */
#pragma D option quiet

BEGIN
{
	this->a = (ipaddr_t *)alloca(sizeof (ipaddr_t));
	*this->a = htonl(0x0a000102);
	this->b = (uint64_t *)alloca(16);
	this->b[0] = htonll(0x20010db800000000);
	this->b[1] = htonll(1);
	printf("%s %s %s\n", inet_ntoa(this->a), inet_ntop(AF_INET, this->a),
	    inet_ntop(AF_INET6, this->b));
	printf("%d %d %d\n", sizeof (ipaddr_t), ARPHRD_ETHER, ARPHRD_INFINIBAND);
	exit(0);
}
