/*
 * Probes of every process: a provider glob that names a provider in
 * any process ("python*:::function-entry", "pid*:app::entry") matches,
 * as in illumos DTrace, every running process that has the probe and
 * every process that starts with it while tracing runs, whoever starts
 * it.  A uprobe attached without a process fires in every process that
 * maps the file, now or later, from the first instruction it runs, and
 * the kernel raises a USDT semaphore in each as it maps the file: so
 * the first site of each file offset such a glob finds is attached a
 * second time for every process.  The processes found when it was
 * planned have sites of their own (their firings are their own
 * probes), and that program skips them; processes found later (a
 * program compiled again for a library or a new process) are not
 * attached again, and their firings, like those of processes never
 * looked at, are the probe of the first process found with the file,
 * but with their own probeprov: a wide program serves one provider's
 * probes and makes probeprov from its name and the firing process's
 * id (attach.prov_stem).  No process is stopped, so no shell's job
 * control sees anything.
 */
#include <stdio.h>
#include <string.h>

#include "../codegen/emit.h"
#include "uprov.h"

bool uwide_pattern(const char *pat)
{
	size_t n = strlen(pat);

	return n > 0 && pat[n - 1] == '*' && (n < 2 || pat[n - 2] != '\\');
}

bool uwide_glob(const char *pat, const char *prov)
{
	/* pat = X* matching prov matches prov followed by any digits */
	return uwide_pattern(pat) && probes_gmatch(prov, pat);
}

void uwide_mark(struct probe_table *tab, struct usite *s)
{
	const struct usite *first;
	char *key;

	if (s->wide)
		return;
	key = arena_printf(tab->arena, "%s:%llx:%d", s->path,
			   (unsigned long long)s->off, (int)s->kind);
	first = strmap_get(&tab->uwide, key);
	s->wide = true;
	if (!first) {
		s->wide_first = true;
		strmap_put(&tab->uwide, key, s);
	} else if (first->wide_planned) {
		s->covered = true;
	}
}

size_t uwide_sites(const struct usite *const *v, size_t n, struct arena *a,
		   const struct usite **out)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		struct usite *w;

		if (!v[i]->wide_first)
			continue;
		((struct usite *)v[i])->wide_planned = true;
		w = arena_memdup(a, v[i], sizeof(*w));
		w->pid = -1;
		w->next = NULL;
		out[k++] = w;
	}
	return k;
}

void uwide_skips(struct usite_set *set, const struct usite *const *v,
		 size_t n, struct arena *a)
{
	int *skip = arena_alloc(a, sizeof(*skip) * (n + 1));
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		const struct usite *s = v[i];
		size_t j = 0;

		if (!s->wide || s->covered || s->pid <= 0 ||
		    strcmp(s->path, set->v[0]->path) != 0)
			continue;
		while (j < k && skip[j] != s->pid)
			j++;
		if (j == k)
			skip[k++] = s->pid;
	}
	set->wide = true;
	set->skip = skip;
	set->nskip = k;
}

void uwide_emit_skip(const struct usite_set *set, struct emit *e,
		     int exit_label)
{
	if (!set->nskip)
		return;
	emit(e, I_CALL(BPF_FUNC_get_current_pid_tgid));
	emit(e, I_ALU64_IMM(BPF_RSH, R0, 32));
	for (size_t i = 0; i < set->nskip; i++)
		emit_jmp_imm(e, BPF_JEQ, R0, set->skip[i], exit_label);
}

const char *uwide_provname(const struct probe *p, bool wide, int pid,
			   char *buf, size_t size)
{
	const struct usite *s = p->priv;

	if (!wide || !s || (p->prov != &prov_pid && p->prov != &prov_usdt))
		return p->provname;
	if (pid > 0)
		snprintf(buf, size, "%s%d", s->prov, pid);
	else
		snprintf(buf, size, "%s*", s->prov);
	return buf;
}
