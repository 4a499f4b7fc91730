/*
 * String buffer.
 */
#include "strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"

static void sb_grow(struct strbuf *sb, size_t n)
{
	if (sb->len + n + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 64;

	while (cap < sb->len + n + 1)
		cap *= 2;
	sb->buf = xrealloc(sb->buf, cap);
	sb->cap = cap;
}

void sb_addn(struct strbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

int sb_read_fd(struct strbuf *sb, int fd)
{
	char buf[8192];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno != EINTR)
			return -errno;
		if (n > 0)
			sb_addn(sb, buf, (size_t)n);
	}
	return 0;
}

void sb_adds(struct strbuf *sb, const char *s)
{
	sb_addn(sb, s, strlen(s));
}

void sb_addc(struct strbuf *sb, char c)
{
	sb_addn(sb, &c, 1);
}

void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	size_t room = sb->cap > sb->len ? sb->cap - sb->len : 0;
	va_list aq;
	int n;

	/* formatted once when it fits the room left, else measured first */
	va_copy(aq, ap);
	n = vsnprintf(room ? sb->buf + sb->len : NULL, room, fmt, aq);
	va_end(aq);
	if (n < 0) {
		if (room)
			sb->buf[sb->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		sb_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	}
	sb->len += (size_t)n;
}

void sb_add_int(struct strbuf *sb, long long v, int width)
{
	char digits[24];
	unsigned long long u = v < 0 ? 0 - (unsigned long long)v
				     : (unsigned long long)v;
	size_t n = 0, len;

	do {
		digits[sizeof(digits) - ++n] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		digits[sizeof(digits) - ++n] = '-';
	len = width > 0 && (size_t)width > n ? (size_t)width : n;
	sb_grow(sb, len);
	memset(sb->buf + sb->len, ' ', len - n);
	memcpy(sb->buf + sb->len + len - n, digits + sizeof(digits) - n, n);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

const char *sb_str(struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

void sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}
