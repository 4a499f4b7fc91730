/*
 * Kernel symbols from /proc/kallsyms: read once, on the first kernel
 * address to name, kept sorted by address and binary-searched.  Text
 * symbols name code (stacks, func(), sym()); data symbols, which
 * kallsyms lists with CONFIG_KALLSYMS_ALL, name variables (`%a` of
 * &`max_pfn is vmlinux`max_pfn, as in DTrace).  Per-CPU variables are
 * listed at their offsets in the per-CPU area, small numbers that are
 * no kernel address: they are left out.  kallsyms gives
 * no sizes, so a symbol is taken to run up to the next one; the core
 * kernel's symbols are in module "vmlinux", as Oracle's DTrace names it.
 */
#include "sym.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* kernel addresses are in the upper half of the address space */
#define KSYM_KERNEL_HALF	0x8000000000000000ull

/* the last symbol of all covers at most this much */
#define KSYM_LAST_SPAN	0x10000

static int ksym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* equal addresses: keep the file's order (names are in order) */
	return (x->name > y->name) - (x->name < y->name);
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	size_t cap = 1 << 20, n = 0;
	char *buf;

	if (!f)
		return NULL;
	buf = malloc(cap + 1);
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (n < cap)
			break;
		cap *= 2;
		char *nb = realloc(buf, cap + 1);

		if (!nb) {
			free(buf);
			buf = NULL;
		}
		buf = nb;
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		*len = n;
	}
	return buf;
}

/* "ADDR TYPE NAME[\t[MODULE]]": one line, split in place; 0 if kept */
static int parse_line(char *line, struct ksym *out)
{
	char *end, *name, *mod;
	uint64_t addr = strtoull(line, &end, 16);

	if (end == line || end[0] != ' ' || !end[1] || end[2] != ' ')
		return -1;
	char type = end[1];

	if (!strchr("tTwWdDbBrRvV", type))
		return -1;
	name = end + 3;
	mod = strchr(name, '\t');
	if (mod) {
		*mod++ = '\0';
		if (*mod == '[')
			mod++;
		char *close = strchr(mod, ']');

		if (close)
			*close = '\0';
	}
	if (!*name || addr < KSYM_KERNEL_HALF)	/* per-CPU offsets */
		return -1;
	*out = (struct ksym){ .addr = addr, .name = name,
			      .module = mod && *mod ? mod : "vmlinux" };
	return 0;
}

int ksyms_load(struct ksyms *k, const char *path)
{
	size_t len = 0, cap = 0;

	k->loaded = true;
	k->text = read_all(path ? path : "/proc/kallsyms", &len);
	if (!k->text)
		return -errno;
	for (char *line = k->text; line && *line;) {
		char *nl = strchr(line, '\n');
		struct ksym s;

		if (nl)
			*nl = '\0';
		if (parse_line(line, &s) == 0) {
			if (k->n == cap) {
				cap = cap ? 2 * cap : 4096;
				struct ksym *nv = realloc(k->v, cap * sizeof(*nv));

				if (!nv)
					return -ENOMEM;
				k->v = nv;
			}
			k->v[k->n++] = s;
		}
		line = nl ? nl + 1 : NULL;
	}
	if (k->n)
		qsort(k->v, k->n, sizeof(*k->v), ksym_cmp);
	return 0;
}

const struct ksym *ksyms_lookup(const struct ksyms *k, uint64_t addr)
{
	size_t lo = 0, hi = k->n;

	if (!k->n || addr < k->v[0].addr)
		return NULL;
	/* the last symbol at or below addr */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (k->v[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	if (lo == k->n - 1 && addr - k->v[lo].addr >= KSYM_LAST_SPAN)
		return NULL;
	/* the first of several at that address */
	while (lo > 0 && k->v[lo - 1].addr == k->v[lo].addr)
		lo--;
	return &k->v[lo];
}

void ksyms_free(struct ksyms *k)
{
	if (!k)
		return;
	free(k->v);
	free(k->text);
	memset(k, 0, sizeof(*k));
}
