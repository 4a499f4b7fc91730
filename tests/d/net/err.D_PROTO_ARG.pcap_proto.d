/* pcap()'s second argument is an integer protocol number. */
BEGIN
{
	pcap(0, "ether");
}
