#!/bin/bash
#
# The tshark pcap() runs: the first on the PATH that answers "tshark
# -v", run with the capture on its standard input ("-l -r -"), and, as
# dtrace runs as root, as a user and group that own nothing (4294967293)
# with no other groups, from /, in a minimal environment.  A tshark of
# the test's own reports them, as a line for the trace output, and
# counts the capture's bytes: the file header (24) and each packet's
# header (16) and bytes (40 of pcapsize 40) for the two datagrams of
# tests/network.c's "udp4".
#
dtrace=$1
net=$(dirname "$BDT_WORKLOAD")/network
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
cat > "$tmp/tshark" <<'EOF'
#!/bin/sh
[ "$1" = -v ] && exit 0
echo "args $*"
echo "uid $(id -u) gid $(id -g) groups $(id -G) cwd $(pwd)"
echo "env $(env | grep -v '^PWD=' | sort | tr '\n' ' ')"
echo "capture $(wc -c | tr -d ' ') bytes"
EOF
chmod 755 "$tmp/tshark"

PATH=$tmp:$PATH FOO=bar $dtrace -q -x pcapsize=40 -c "$net udp4" -s /dev/stdin <<'EOF'
inline int BASE = 20000 + $target % 20000;

udp:::send
/args[4]->udp_sport == BASE || args[4]->udp_dport == BASE/
{
	pcap((struct sk_buff *)arg0, PCAP_IP);
}
EOF
echo "dtrace exit: $?"
