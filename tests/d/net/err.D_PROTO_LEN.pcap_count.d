/*
 * pcap() is checked against its prototype (two arguments) before
 * anything else is said about it.
 */
BEGIN
{
	pcap(0, 1, 2);
}
