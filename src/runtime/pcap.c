/*
 * pcap()'s records in the consumer, as DTrace handles them (its
 * dt_print_pcap and dt_pcap.c): while freopen() has sent the output to
 * a file, the packets are written to that file in the pcap capture
 * format (libpcap's "tcpdump" format: a file header, then a header per
 * packet), which tcpdump, tshark and wireshark read; otherwise they are
 * written, in the same format, to tshark when it is installed, and its
 * lines printed (tshark.c), or else printed as tracemem() prints bytes.
 *
 * The network providers see packets at the device, where skb->data is
 * the link-layer header: a packet given as PCAP_IP is written from its
 * network header, so that the capture holds what its link type says,
 * pcapsize bytes from there (the record holds that many after the
 * link-layer header).  The printed bytes are skb->data's first
 * pcapsize, as tracemem(skb->data, pcapsize) shows them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../codegen/dobj.h"
#include "../lib/ofile.h"
#include "consume.h"
#include "fmt.h"
#include "tshark.h"

#define DLT_RAW_LINUX	12	/* PCAP_IP, as <pcap/bpf.h> defines DLT_RAW */
#define LINKTYPE_RAW	101	/* what a capture file calls it */

struct pcap_file {
	char *path;		/* NULL: the capture tshark reads */
	FILE *f;
	struct tshark *t;
	int64_t type;		/* the link type its header names */
	struct pcap_file *next;
};

/* the file header, little-endian as x86-64 and arm64 write it */
struct pcap_filehdr {
	uint32_t magic;		/* 0xa1b2c3d4: microsecond timestamps */
	uint16_t major, minor;	/* 2.4 */
	int32_t thiszone;
	uint32_t sigfigs, snaplen, linktype;
};

struct pcap_pkthdr {
	uint32_t sec, usec, caplen, len;
};

/* CLOCK_REALTIME less CLOCK_MONOTONIC (bpf_ktime_get_ns), in ns */
static int64_t boot_wall_ns(void)
{
	struct timespec r, m;

	clock_gettime(CLOCK_REALTIME, &r);
	clock_gettime(CLOCK_MONOTONIC, &m);
	return (int64_t)(r.tv_sec - m.tv_sec) * 1000000000 +
	       (r.tv_nsec - m.tv_nsec);
}

/* n bytes of p's capture, to its file or to tshark */
static void cap_write(struct consumer *c, struct pcap_file *p,
		      const void *buf, size_t n)
{
	if (p->t)
		tshark_write(p->t, buf, n, &c->out);
	else
		fwrite(buf, n, 1, p->f);
}

/* A capture of link type type: its file header written */
static struct pcap_file *cap_new(struct consumer *c, const char *path,
				 FILE *f, struct tshark *t, int64_t type,
				 uint32_t snaplen)
{
	struct pcap_filehdr h = {
		.magic = 0xa1b2c3d4, .major = 2, .minor = 4,
		.snaplen = snaplen,
		.linktype = type == DLT_RAW_LINUX ? LINKTYPE_RAW
						  : (uint32_t)type,
	};
	struct pcap_file *p = calloc(1, sizeof(*p));

	p->path = path ? strdup(path) : NULL;
	p->f = f;
	p->t = t;
	p->type = type;
	cap_write(c, p, &h, sizeof(h));
	return p;
}

static struct pcap_file *file_open(struct consumer *c, const char *path,
				   int64_t type, uint32_t snaplen)
{
	char why[256];
	int fd = ofile_open(path, O_WRONLY | O_TRUNC, 0600, why, sizeof(why));
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");

	if (!f) {
		if (fd >= 0) {
			snprintf(why, sizeof(why), "%s", strerror(errno));
			close(fd);
		}
		sb_printf(&c->err, "dtrace: pcap() could not open \"%s\": %s\n",
			  path, why);
		return NULL;
	}
	struct pcap_file *p = cap_new(c, path, f, NULL, type, snaplen);

	p->next = c->pcaps;
	c->pcaps = p;
	return p;
}

/* The capture tshark reads, started at the first packet; NULL when
 * tshark cannot be run (then never tried again, as in DTrace). */
static struct pcap_file *pipe_open(struct consumer *c, int64_t type,
				   uint32_t snaplen)
{
	struct tshark *t;

	if (c->pcap_pipe || c->pcap_no_tshark)
		return c->pcap_pipe;
	if (!(t = tshark_open())) {
		c->pcap_no_tshark = true;
		return NULL;
	}
	c->pcap_pipe = cap_new(c, NULL, NULL, t, type, snaplen);
	return c->pcap_pipe;
}

static struct pcap_file *file_find(struct consumer *c, const char *path)
{
	for (struct pcap_file *p = c->pcaps; p; p = p->next)
		if (strcmp(p->path, path) == 0)
			return p;
	return NULL;
}

/* The packet into capture p: from its network header for PCAP_IP,
 * snaplen bytes at most */
static void cap_packet(struct consumer *c, struct pcap_file *p,
		       const struct pcap_rec *r, const unsigned char *pkt,
		       uint32_t snaplen)
{
	uint32_t caplen = r->caplen, len = r->len;

	if (p->type != r->type) {
		sb_printf(&c->err, "dtrace: pcap() of link type %lld to \"%s\", a capture of link type %lld: packet not written\n",
			  (long long)r->type, p->path ? p->path : "tshark",
			  (long long)p->type);
		return;
	}
	if (r->type == DLT_RAW_LINUX && r->nhoff > 0 &&
	    r->nhoff <= PCAP_LINKHDR_MAX && (uint64_t)r->nhoff < caplen) {
		pkt += r->nhoff;
		caplen -= (uint32_t)r->nhoff;
		len -= (uint32_t)r->nhoff;
	}
	if (caplen > snaplen)
		caplen = snaplen;
	if (!c->pcap_wall)
		c->pcap_wall = boot_wall_ns();
	int64_t t = (int64_t)r->time + c->pcap_wall;
	struct pcap_pkthdr h = {
		.sec = (uint32_t)(t / 1000000000),
		.usec = (uint32_t)(t % 1000000000 / 1000),
		.caplen = caplen, .len = len,
	};

	cap_write(c, p, &h, sizeof(h));
	cap_write(c, p, pkt, caplen);
	if (p->f)
		fflush(p->f);
}

void consume_pcap(struct consumer *c, const struct dact *a, const void *data)
{
	const struct dval *v = &a->vals[0];
	const unsigned char *rec = (const unsigned char *)data + v->offset;
	uint32_t room = v->size - (uint32_t)sizeof(struct pcap_rec);
	uint32_t snaplen = room - PCAP_LINKHDR_MAX;	/* pcapsize */
	const unsigned char *pkt = rec + sizeof(struct pcap_rec);
	struct pcap_file *p;
	struct pcap_rec r;

	memcpy(&r, rec, sizeof(r));
	if (r.caplen == 0 || r.caplen > room)	/* no packet */
		return;
	if (c->out_path) {
		p = file_find(c, c->out_path);
		if (p || (p = file_open(c, c->out_path, r.type, snaplen)))
			cap_packet(c, p, &r, pkt, snaplen);
	} else if ((p = pipe_open(c, r.type, snaplen))) {
		cap_packet(c, p, &r, pkt, snaplen);
	} else {
		consume_hexdump(c, pkt, r.caplen < snaplen ? r.caplen
							   : snaplen);
	}
}

void consume_pcap_poll(struct consumer *c)
{
	if (c->pcap_pipe)
		tshark_poll(c->pcap_pipe->t, &c->out);
}

void consume_pcap_finish(struct consumer *c)
{
	if (!c->pcap_pipe)
		return;
	tshark_close(c->pcap_pipe->t, &c->out);
	free(c->pcap_pipe);
	c->pcap_pipe = NULL;
}

void consume_pcap_output(struct consumer *c, const char *path)
{
	free(c->out_path);
	c->out_path = *path ? strdup(path) : NULL;
}

void consume_pcap_free(struct consumer *c)
{
	struct pcap_file *n;

	for (struct pcap_file *p = c->pcaps; p; p = n) {
		n = p->next;
		fclose(p->f);
		free(p->path);
		free(p);
	}
	c->pcaps = NULL;
	consume_pcap_finish(c);
	free(c->out_path);
	c->out_path = NULL;
}
