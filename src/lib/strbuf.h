/*
 * Growable NUL-terminated string buffer, for building output text and
 * messages without fixed-size buffers.
 */
#ifndef BD_STRBUF_H
#define BD_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf;	/* always NUL-terminated once anything is added */
	size_t len, cap;
};

void sb_addn(struct strbuf *sb, const char *s, size_t n);
void sb_adds(struct strbuf *sb, const char *s);
void sb_addc(struct strbuf *sb, char c);
void sb_printf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap);
/* v in decimal, right-aligned in width columns: printf's "%*lld" without
 * parsing a format (the hot path of printing big aggregations). */
void sb_add_int(struct strbuf *sb, long long v, int width);
/* Append everything fd has to give; 0, or -errno of a failed read. */
int sb_read_fd(struct strbuf *sb, int fd);
const char *sb_str(struct strbuf *sb);	/* "" when empty */
void sb_reset(struct strbuf *sb);		/* keeps the memory */
void sb_free(struct strbuf *sb);

#endif
