/*
 * network: the workload of the ip, tcp and udp providers' D tests, over
 * loopback.  Run as "dtrace -c 'network ACTION'", it does one fixed
 * sequence and exits 0; its ports are 20000 + its pid % 20000 (BASE)
 * and BASE + 1, so that a script can pick its own traffic out of
 * everything else on the machine ($target is its pid):
 *
 *   tcp4, tcp6   on 127.0.0.1 or ::1: a listener on BASE; a client
 *                connects, sends "hello", the server answers "world";
 *                the client closes first (its end goes through
 *                FIN_WAIT_1, FIN_WAIT_2, TIME_WAIT), then the server's
 *                (CLOSE_WAIT, LAST_ACK) and the listener; then a
 *                connection to BASE + 1, where nothing listens, is
 *                refused
 *   udp4, udp6   a socket on BASE receives a datagram of LEN = 16 + pid
 *                % 200 bytes from a socket on BASE + 1 and answers with
 *                as many: sizes of its own, for scripts that see no
 *                ports (the ip provider)
 *
 * Every step waits for the one before.  Exit status 0, or 1 with a
 * message when a step fails (an address family the machine lacks).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* the loopback address of family af, port port, in *ss */
static socklen_t loopback(int af, int port, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (af == AF_INET) {
		struct sockaddr_in *in = (struct sockaddr_in *)ss;

		in->sin_family = AF_INET;
		in->sin_port = htons((uint16_t)port);
		in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return sizeof(*in);
	}
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)ss;

	in6->sin6_family = AF_INET6;
	in6->sin6_port = htons((uint16_t)port);
	in6->sin6_addr = in6addr_loopback;
	return sizeof(*in6);
}

static int sock_on(int af, int type, int port)
{
	struct sockaddr_storage ss;
	socklen_t len = loopback(af, port, &ss);
	int one = 1, fd = socket(af, type, 0);

	if (fd < 0)
		die("socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&ss, len) < 0)
		die("bind");
	return fd;
}

static int connect_to(int af, int port)
{
	struct sockaddr_storage ss;
	socklen_t len = loopback(af, port, &ss);
	int fd = socket(af, SOCK_STREAM, 0);

	if (fd < 0)
		die("socket");
	if (connect(fd, (struct sockaddr *)&ss, len) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static void xfer(int from, int to, const char *msg)
{
	char buf[16];

	if (send(from, msg, strlen(msg), 0) != (ssize_t)strlen(msg))
		die("send");
	if (recv(to, buf, sizeof(buf), 0) != (ssize_t)strlen(msg))
		die("recv");
}

/* wait until the peer's FIN has arrived: recv() returns 0 */
static void wait_eof(int fd)
{
	char c;

	if (recv(fd, &c, 1, 0) != 0)
		die("recv at end");
}

static void tcp(int af, int base)
{
	int lfd = sock_on(af, SOCK_STREAM, base), cfd, afd;

	if (listen(lfd, 1) < 0)
		die("listen");
	if ((cfd = connect_to(af, base)) < 0)
		die("connect");
	if ((afd = accept(lfd, NULL, NULL)) < 0)
		die("accept");
	xfer(cfd, afd, "hello");
	xfer(afd, cfd, "world");
	close(cfd);
	wait_eof(afd);
	close(afd);
	usleep(100000);		/* the last ACK, into TIME_WAIT */
	close(lfd);
	if ((cfd = connect_to(af, base + 1)) >= 0 || errno != ECONNREFUSED)
		die("connect to a closed port");
}

static void udp(int af, int base, size_t len)
{
	struct sockaddr_storage to, from;
	socklen_t tolen = loopback(af, base, &to), fromlen = sizeof(from);
	int sfd = sock_on(af, SOCK_DGRAM, base);
	int cfd = sock_on(af, SOCK_DGRAM, base + 1);
	char buf[256];

	memset(buf, 'x', sizeof(buf));
	if (sendto(cfd, buf, len, 0, (struct sockaddr *)&to, tolen) !=
	    (ssize_t)len)
		die("sendto");
	if (recvfrom(sfd, buf, sizeof(buf), 0, (struct sockaddr *)&from,
		     &fromlen) != (ssize_t)len)
		die("recvfrom");
	if (sendto(sfd, buf, len, 0, (struct sockaddr *)&from, fromlen) !=
	    (ssize_t)len)
		die("sendto reply");
	if (recv(cfd, buf, sizeof(buf), 0) != (ssize_t)len)
		die("recv reply");
	close(cfd);
	close(sfd);
}

int main(int argc, char **argv)
{
	int base = 20000 + getpid() % 20000;
	size_t len = 16 + (size_t)getpid() % 200;

	if (argc != 2) {
		fprintf(stderr, "usage: network tcp4|tcp6|udp4|udp6\n");
		return 2;
	}
	if (!strcmp(argv[1], "tcp4"))
		tcp(AF_INET, base);
	else if (!strcmp(argv[1], "tcp6"))
		tcp(AF_INET6, base);
	else if (!strcmp(argv[1], "udp4"))
		udp(AF_INET, base, len);
	else if (!strcmp(argv[1], "udp6"))
		udp(AF_INET6, base, len);
	else {
		fprintf(stderr, "network: unknown action %s\n", argv[1]);
		return 2;
	}
	return 0;
}
