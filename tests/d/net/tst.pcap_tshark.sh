#!/bin/bash
#
# pcap() with no freopen() and tshark on the PATH, as DTrace for Linux
# does it: the packets go to tshark as a capture (PCAP_IP: from the IPv4
# header, link type LINKTYPE_RAW) and tshark's line for each comes back
# in the trace output after "pcap \t".  The two datagrams of
# tests/network.c's "udp4" (LEN bytes from BASE + 1 to BASE, and the
# answer), captured at udp:::send: tshark must find both addresses, UDP,
# the ports and the payload's length in the 48 bytes it is given.  The
# ports and LEN depend on the workload's pid: named here as BASE and
# LEN.  The clause's own output comes as it is traced; tshark's lines
# once it has decoded them, at the latest at the end of the trace
# (tshark takes seconds to start), before the blank line that ends it.
#
# @@needs: cmd:tshark
# @@timeout: 60
dtrace=$1
net=$(dirname "$BDT_WORKLOAD")/network

$dtrace -q -x pcapsize=48 -c "$net udp4" -s /dev/stdin <<'EOF' |
inline int BASE = 20000 + $target % 20000;
inline int LEN = 16 + $target % 200;

BEGIN
{
	printf("base %d len %d\n", BASE, LEN);
}

udp:::send
/args[4]->udp_sport == BASE || args[4]->udp_dport == BASE/
{
	printf("sent %d bytes\n", args[2]->ip_plength);
	pcap((struct sk_buff *)arg0, PCAP_IP);
}
EOF
awk '
/^base / { base = $2; len = $4; next }
/^sent / { print "sent", ($2 == len + 8 ? "LEN + 8" : $2), "bytes"; next }
/^pcap \t/ {
	# "pcap \t    1   0.000000    127.0.0.1 → 127.0.0.1    UDP 102 P → Q Len=N"
	sub(/^pcap \t */, "")
	gsub("\342\206\222", "->")
	n = split($0, f, / +/)
	sp = f[8] == base ? "BASE" : f[8] == base + 1 ? "BASE+1" : f[8]
	dp = f[10] == base ? "BASE" : f[10] == base + 1 ? "BASE+1" : f[10]
	l = f[11] == "Len=" len ? "Len=LEN" : f[11]
	print "pcap \t" f[1], f[3], f[4], f[5], f[6], \
	    (f[7] == len + 28 ? "LEN+28" : f[7]), sp, f[9], dp, l
	next
}
/^$/ { print "(blank line)"; next }
{ print "other: [" $0 "]" }'
echo "dtrace exit: ${PIPESTATUS[0]}"
