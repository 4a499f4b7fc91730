/*
 * pcap() takes a pointer to a socket buffer and a protocol number: a
 * structure as its first argument is refused against the prototype,
 * with an anonymous structure spelled "struct " as DTrace spells it.
 */
struct {
	int	len;
} pkt;

BEGIN
{
	pcap(pkt, 1);
}
