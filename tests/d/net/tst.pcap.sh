#!/bin/bash
#
# pcap(): the two datagrams of tests/network.c's "udp4" (a datagram of
# LEN bytes from BASE + 1 to BASE, and the answer), captured at
# udp:::send.  Printed (no freopen()) where no tshark can be run (none
# on the PATH, or one that fails "tshark -v"), each packet is the first
# pcapsize bytes of skb->data as tracemem() shows them; sent to a file
# with freopen(), a pcap capture file of link type LINKTYPE_RAW (101,
# PCAP_IP) whose packets start at their IPv4 header, read back here
# with python3: pcapsize (40) bytes from the IPv4 header, which is 14
# bytes (loopback's Ethernet header) into skb->data.  A NULL skb
# records nothing.  tst.pcap_tshark.sh has tshark decode them.
#
dtrace=$1
net=$(dirname "$BDT_WORKLOAD")/network
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# a tshark that fails, and nothing else on the PATH
mkdir "$tmp/bin"
printf '#!/bin/sh\nexit 1\n' > "$tmp/bin/tshark"
chmod +x "$tmp/bin/tshark"
PATH=$tmp/bin $dtrace -q -x pcapsize=48 -c "$net udp4" -s /dev/stdin > "$tmp/out" <<'EOF'
inline int BASE = 20000 + $target % 20000;

udp:::send
/args[4]->udp_sport == BASE || args[4]->udp_dport == BASE/
{
	printf("pcap:\n");
	pcap((struct sk_buff *)arg0, PCAP_IP);
	printf("tracemem:\n");
	tracemem(((struct sk_buff *)arg0)->data, 48);
	pcap(0, PCAP_IP);
}
EOF
echo "dtrace exit: $?"
# the dumps, pairwise: the line after "pcap:" and after "tracemem:"
awk '/^pcap:/ { w = "p" } /^tracemem:/ { w = "t" }
     / 0: / { d[w] = d[w] $0 "\n" }
     END { print "dumps:", (d["p"] != "" && d["p"] == d["t"]) ? "the same" : "differ" }' \
	"$tmp/out"
grep -c ' 0: ' "$tmp/out" | sed 's/^/dump lines: /'

$dtrace -q -w -x pcapsize=40 -c "$net udp4" -s /dev/stdin "$tmp/cap" <<'EOF'
inline int BASE = 20000 + $target % 20000;

udp:::send
/args[4]->udp_sport == BASE || args[4]->udp_dport == BASE/
{
	freopen($$1);
	pcap((struct sk_buff *)arg0, PCAP_IP);
	freopen("");
}
EOF
echo "dtrace exit: $?"
python3 - "$tmp/cap" <<'EOF'
import struct, sys, time
b = open(sys.argv[1], 'rb').read()
magic, major, minor, _, _, snaplen, link = struct.unpack('<IHHiIII', b[:24])
print('file: magic %x, version %d.%d, snaplen %d, link type %d' %
      (magic, major, minor, snaplen, link))
off = 24
while off < len(b):
    sec, usec, caplen, length = struct.unpack('<IIII', b[off:off + 16])
    p = b[off + 16:off + 16 + caplen]
    off += 16 + caplen
    ihl = (p[0] & 15) * 4
    sport, dport, ulen = struct.unpack('>HHH', p[ihl:ihl + 6])
    now = time.time()
    print('packet: IPv%d, %d bytes of %s, %s -> %s, ports %s, time %s' %
          (p[0] >> 4, caplen,
           'IP+UDP headers+payload' if length == ihl + ulen else length,
           '.'.join(map(str, p[12:16])), '.'.join(map(str, p[16:20])),
           'BASE, BASE+1' if abs(sport - dport) == 1 else 'wrong',
           'now' if abs(sec + usec / 1e6 - now) < 60 else sec))
EOF
