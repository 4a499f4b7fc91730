"""tcp_listen.py PORT [backlog]: the tcp tools' workload, over IPv4
loopback.  A listener on PORT and a client that connects to it, which
it accepts; with "backlog", the listener's queue (length 0) is left
full with it so that a second connection's SYN is dropped and
retransmitted (SYN_SENT) for 1.5 s."""
import socket
import sys
import time

port = int(sys.argv[1])
lsn = socket.socket()
lsn.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
lsn.bind(("127.0.0.1", port))
lsn.listen(0)
cli = socket.create_connection(("127.0.0.1", port))
if len(sys.argv) > 2:
    syn = socket.socket()
    syn.setblocking(False)
    try:
        syn.connect(("127.0.0.1", port))
    except BlockingIOError:
        pass
    time.sleep(1.5)
else:
    srv, _ = lsn.accept()
