/*
 * tshark as pcap()'s decoder (tshark.c): a capture written to its
 * standard input, and the lines it prints for each packet taken back as
 * DTrace for Linux shows them ("pcap \t" and tshark's line).
 */
#ifndef BD_TSHARK_H
#define BD_TSHARK_H

#include <stddef.h>

#include "../lib/strbuf.h"

struct tshark;

/*
 * Start tshark (found on the PATH) reading a capture from a pipe; NULL
 * when there is none, it does not run ("tshark -v" fails) or cannot be
 * started: the caller then prints the packets itself.
 */
struct tshark *tshark_open(void);

/*
 * Write n bytes of the capture; what tshark printed meanwhile is added
 * to out.  0, or -EPIPE once tshark is gone.
 */
int tshark_write(struct tshark *t, const void *p, size_t n,
		 struct strbuf *out);

/* Add to out the lines tshark has printed so far, without waiting. */
void tshark_poll(struct tshark *t, struct strbuf *out);

/* End the capture, add tshark's last lines to out and wait for it to
 * exit.  NULL is allowed. */
void tshark_close(struct tshark *t, struct strbuf *out);

#endif
