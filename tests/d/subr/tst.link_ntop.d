/*
 * link_ntop(): an Ethernet address (6 bytes) and an InfiniBand one
 * (20 bytes, here from a global array, which is its address) as
 * two-digit hex bytes joined by ':'; another hardware type is an
 * illegal operation.
 */
#pragma D option quiet

uint8_t ib[20];

BEGIN
{
	this->mac = (uint64_t *)alloca(8);
	*this->mac = htonll(0x5254001ac0feLL << 16);
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->mac));
	ib[0] = 0xfe;
	ib[1] = 0x80;
	ib[12] = 0x0a;
	ib[19] = 0x01;
	printf("%s\n", link_ntop(ARPHRD_INFINIBAND, ib));
}

BEGIN
{
	printf("%s\n", link_ntop(7, &ib[0]));
}

ERROR
{
	printf("error %d\n", arg4);
	exit(0);
}
