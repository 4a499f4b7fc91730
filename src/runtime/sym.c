/*
 * The session's symbolizer as the formatters see it (struct fmt_syms):
 * kernel lookups go to the kallsyms table, loaded on first use; user
 * lookups to the per-process libdwfl cache.
 */
#include "sym.h"

#include <string.h>

static int kaddr(void *ctx, uint64_t addr, struct fmt_symbol *out)
{
	struct syms *s = ctx;
	const struct ksym *k;

	if (!s->k.loaded)
		ksyms_load(&s->k, NULL);
	k = ksyms_lookup(&s->k, addr);
	if (!k)
		return -1;
	*out = (struct fmt_symbol){ .module = k->module, .name = k->name,
				    .value = k->addr };
	return 0;
}

static int uaddr(void *ctx, uint64_t pid, uint64_t addr,
		 struct fmt_symbol *out)
{
	struct syms *s = ctx;

	if (!s->u)
		s->u = usyms_new();
	return usyms_lookup(s->u, pid, addr, out);
}

/*
 * Read a process's modules now, so that its addresses still resolve
 * after it has exited (the target of -p, whose exit dtrace cannot hold).
 */
void syms_preload(struct syms *s, uint64_t pid)
{
	if (!s->u)
		s->u = usyms_new();
	usyms_load(s->u, pid);
}

void syms_init(struct syms *s, int stackindent)
{
	memset(s, 0, sizeof(*s));
	s->fs = (struct fmt_syms){ .ctx = s, .kaddr = kaddr, .uaddr = uaddr,
				   .stackindent = stackindent };
}

const struct fmt_syms *syms_fmt(struct syms *s)
{
	return &s->fs;
}

void syms_free(struct syms *s)
{
	if (!s)
		return;
	ksyms_free(&s->k);
	usyms_free(s->u);
	s->u = NULL;
}
