/*
 * The probe table: every probe the providers offer, numbered from 1 in
 * the order the registry lists the providers, and the matching of probe
 * descriptions (provider:module:function:name, each field a glob) against
 * it.  Matching follows DTrace: a field is a gmatch(3GEN) pattern, an
 * empty field matches anything, and a description that names no listed
 * probe may still create one (profile's tick-10ms) through the provider's
 * create hook.  The probes live in the table's arena; the table holds
 * only the index vector.
 */
#include <bpf/btf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/kbtf.h"
#include "prov.h"
#include "uproc.h"

void probes_init(struct probe_table *tab, struct arena *a)
{
	memset(tab, 0, sizeof(*tab));
	tab->arena = a;
}

/* is providers[i] enumerated with the eager ones (not lazy)? */
static bool eager(size_t i)
{
	return providers[i]->enumerate && !providers[i]->lazy;
}

/*
 * Enumerate the eager providers of registry indexes below end not yet
 * enumerated, in registry order: a table enumerated so in steps holds
 * the probes, and ids, of one enumerated at once.
 */
static int enumerate_upto(struct probe_table *tab, size_t end)
{
	int err = 0;

	tab->enumerating = true;
	for (; tab->eager_done < end && !err; tab->eager_done++)
		if (eager(tab->eager_done))
			err = providers[tab->eager_done]->enumerate(tab);
	tab->enumerating = false;
	return err < 0 ? err : 0;
}

int probes_enumerate(struct probe_table *tab)
{
	size_t n = 0;

	while (providers[n])
		n++;
	return enumerate_upto(tab, n);
}

/*
 * Whether a description's provider and name fields may match a probe
 * of prov.  The user providers' probes have provider names of their
 * own (python1234), which the provider field is not compared with.
 */
static bool wanted(struct probe_table *tab, const struct provider *prov,
		   const char *pname, const char *name)
{
	if (!prov->populate && !probes_gmatch(prov->name, pname))
		return false;
	if (!name || !*name)
		return true;
	if (prov->names) {
		for (size_t i = 0; prov->names[i]; i++)
			if (probes_gmatch(prov->names[i], name))
				return true;
		return false;
	}
	return !prov->has_name || prov->has_name(prov, tab, name);
}

/* Enumerate the eager providers up to the last a description may match. */
static int enumerate_for(struct probe_table *tab, const char *pname,
			 const char *name)
{
	size_t end = tab->eager_done;

	for (size_t i = end; providers[i]; i++)
		if (eager(i) && wanted(tab, providers[i], pname, name))
			end = i + 1;
	return enumerate_upto(tab, end);
}

/*
 * Enumerate the lazy providers a description may match (all of them
 * with all set), or have them provide the probes it matches.  A failure
 * leaves the provider without probes: its probes are then simply not
 * there, as on a kernel without them.
 */
static void enumerate_lazy(struct probe_table *tab, const char *pname,
			   const char *mod, const char *func,
			   const char *name, bool all)
{
	for (size_t i = 0; providers[i] && i < PROV_MAX; i++) {
		const struct provider *p = providers[i];

		if (!p->lazy || (tab->lazy_done & (1u << i)) ||
		    (!all && !wanted(tab, p, pname, name)))
			continue;
		if (!all && p->provide) {
			p->provide(tab, mod, func, name);
			continue;
		}
		tab->lazy_done |= 1u << i;
		p->enumerate(tab);
	}
}

void **probes_state(struct probe_table *tab, const struct provider *prov)
{
	for (size_t i = 0; providers[i]; i++)
		if (providers[i] == prov && i < PROV_MAX)
			return &tab->pstate[i];
	return NULL;
}

int probes_enumerate_all(struct probe_table *tab)
{
	int err = probes_enumerate(tab);

	if (err == 0)
		enumerate_lazy(tab, NULL, NULL, NULL, NULL, true);
	return err;
}

/*
 * User probes (pid, USDT: the providers that populate) are numbered from
 * UPROBE_ID_MIN on, past the kernel's, as in DTrace, where every kernel
 * probe (fbt's tens of thousands too) has an id before a process's
 * probes are made: listings of user probes have ids five digits wide
 * or more, which scripts that read them by column expect.  The ids
 * skipped are one gap in the table.
 */
#define UPROBE_ID_MIN	10000

uint32_t probes_next_id(const struct probe_table *tab)
{
	return (uint32_t)tab->probes.len + 1 + tab->id_gap;
}

struct probe *probes_add(struct probe_table *tab, const struct provider *prov,
			 const char *mod, const char *func, const char *name)
{
	struct probe *p;

	/* a probe made otherwise (on demand, lazily, in a process) has
	 * its id after every eager provider's, as when all were
	 * enumerated first */
	if (!tab->enumerating)
		probes_enumerate(tab);
	p = arena_alloc(tab->arena, sizeof(*p));
	if (prov->populate && tab->id_gap == 0 &&
	    probes_next_id(tab) < UPROBE_ID_MIN) {
		tab->gap_at = tab->probes.len;
		tab->id_gap = UPROBE_ID_MIN - probes_next_id(tab);
	}
	p->id = probes_next_id(tab);
	p->prov = prov;
	p->provname = prov->name;
	p->mod = arena_strdup(tab->arena, mod ? mod : "");
	p->func = arena_strdup(tab->arena, func ? func : "");
	p->name = arena_strdup(tab->arena, name ? name : "");
	p->nargs = -1;
	p->usable = prov->usable ? -1 : 1;
	vec_push(&tab->probes, p);
	return p;
}

struct probe *probes_get(const struct probe_table *tab, uint32_t id)
{
	if (tab->id_gap && id > tab->gap_at) {
		if (id <= tab->gap_at + tab->id_gap)
			return NULL;
		id -= tab->id_gap;
	}
	if (id == 0 || id > tab->probes.len)
		return NULL;
	return tab->probes.data[id - 1];
}

/*
 * Match the bracket expression at *pp (pointing at '[') against c and
 * move *pp past it.  Returns 1 on a match, 0 on none, -1 if the
 * expression is not closed (which, as in gmatch, matches nothing).  A ']'
 * right after '[' or '[!' is an ordinary character.
 */
static int class_match(const char **pp, unsigned char c)
{
	const char *q = *pp + 1;
	bool neg = false, ok = false, first = true;

	if (*q == '!') {
		neg = true;
		q++;
	}
	while (*q && (*q != ']' || first)) {
		unsigned char lo, hi;

		if (*q == '\\' && q[1])
			q++;
		lo = hi = (unsigned char)*q++;
		if (*q == '-' && q[1] && q[1] != ']') {
			q++;
			if (*q == '\\' && q[1])
				q++;
			hi = (unsigned char)*q++;
		}
		if (lo <= c && c <= hi)
			ok = true;
		first = false;
	}
	if (*q != ']')
		return -1;
	*pp = q + 1;
	return ok != neg;
}

/* match one pattern element (not '*') at *pp against c, advancing *pp */
static bool elem_match(const char **pp, unsigned char c)
{
	const char *p = *pp;

	switch (*p) {
	case '?':
		*pp = p + 1;
		return true;
	case '[':
		return class_match(pp, c) == 1;
	case '\\':
		if (p[1])
			p++;
		/* fall through */
	default:
		*pp = p + 1;
		return (unsigned char)*p == c;
	}
}

/*
 * Iterative matching with one back-tracking point, the last '*': on a
 * mismatch the star absorbs one more character.  Linear in practice and
 * never exponential, whatever the pattern.
 */
bool probes_gmatch(const char *s, const char *p)
{
	const char *star_p = NULL, *star_s = NULL;

	if (!p || !*p)
		return true;
	while (*s) {
		if (*p == '*') {
			while (*p == '*')
				p++;
			if (!*p)
				return true;
			star_p = p;
			star_s = s;
			continue;
		}
		if (*p && elem_match(&p, (unsigned char)*s)) {
			s++;
			continue;
		}
		if (!star_p)
			return false;
		p = star_p;
		s = ++star_s;
	}
	while (*p == '*')
		p++;
	return *p == '\0';
}

bool probes_is_glob(const char *s)
{
	return s && strpbrk(s, "*?[\\") != NULL;
}

static bool probe_matches(const struct probe *p, const char *prov,
			  const char *mod, const char *func, const char *name)
{
	return probes_gmatch(p->provname, prov) &&
	       (p->prov->match_modfunc ?
		p->prov->match_modfunc(p, mod ? mod : "", func ? func : "") :
		probes_gmatch(p->mod, mod) && probes_gmatch(p->func, func)) &&
	       probes_gmatch(p->name, name);
}

/* Offer the description to every provider it names that creates probes. */
static size_t match_create(struct probe_table *tab, const char *prov,
			   const char *mod, const char *func, const char *name,
			   void (*fn)(struct probe *p, void *arg), void *arg)
{
	size_t n = 0;

	if (probes_is_glob(mod) || probes_is_glob(func) || probes_is_glob(name) ||
	    !name || !*name)
		return 0;
	for (size_t i = 0; providers[i]; i++) {
		struct probe *p;

		if (!providers[i]->create ||
		    !probes_gmatch(providers[i]->name, prov))
			continue;
		p = providers[i]->create(tab, mod ? mod : "",
					 func ? func : "", name);
		if (p && probe_matches(p, prov, mod, func, name)) {
			fn(p, arg);
			n++;
		}
	}
	return n;
}

size_t probes_match(struct probe_table *tab, const char *prov,
		    const char *mod, const char *func, const char *name,
		    void (*fn)(struct probe *p, void *arg), void *arg)
{
	size_t n = 0, len;

	enumerate_for(tab, prov, name);
	enumerate_lazy(tab, prov, mod, func, name, false);
	len = tab->probes.len;
	for (size_t i = 0; i < len; i++) {
		struct probe *p = tab->probes.data[i];

		if (probe_matches(p, prov, mod, func, name) &&
		    probes_usable(tab, p)) {
			fn(p, arg);
			n++;
		}
	}
	if (n == 0)
		n = match_create(tab, prov, mod, func, name, fn, arg);
	return n;
}

int probes_populate(struct probe_table *tab, const char *prov,
		    const char *mod, const char *func, const char *name,
		    struct probe_err *err)
{
	err->tag = NULL;
	/* the processes' probes follow every eager provider's, and the
	 * -c and -p processes' USDT probes are made once, by usdt's
	 * enumerate */
	if (probes_may_populate(prov))
		probes_enumerate(tab);
	for (size_t i = 0; providers[i]; i++)
		if (providers[i]->populate &&
		    providers[i]->populate(tab, prov ? prov : "",
					   mod ? mod : "", func ? func : "",
					   name ? name : "", err) < 0)
			return -1;
	return 0;
}

bool probes_may_populate(const char *prov)
{
	return prov && *prov &&
	       (uproc_desc_pid(prov) > 0 || probes_is_glob(prov));
}

void probes_free(struct probe_table *tab)
{
	for (size_t i = 0; providers[i]; i++)
		if (providers[i]->release && i < PROV_MAX && tab->pstate[i]) {
			providers[i]->release(tab->pstate[i]);
			tab->pstate[i] = NULL;
		}
	kbtf_put(tab->kbtf);
	tab->kbtf = NULL;
	vec_free(&tab->rawtps);
	uproc_cache_free(tab);
	strmap_free(&tab->ubyname);
	strmap_free(&tab->uwide);
	vec_free(&tab->probes);
}

const char *probes_unbacked(struct probe_table *tab, const char *prov,
			    const char *mod, const char *func,
			    const char *name, const struct probe **which)
{
	for (size_t i = 0; i < tab->probes.len; i++) {
		struct probe *p = tab->probes.data[i];

		if (probe_matches(p, prov, mod, func, name) &&
		    !probes_usable(tab, p)) {
			*which = p;
			return p->prov->unbacked ? p->prov->unbacked(tab, p)
						 : "what the running kernel lacks";
		}
	}
	return NULL;
}

const char *probes_env_missing(struct probe_table *tab)
{
	const char *why = tracefs_missing(tab);

	if (why)
		return why;
	if (access("/sys/kernel/btf/vmlinux", R_OK) < 0)
		return arena_printf(tab->arena, "the kernel's type information "
				    "(/sys/kernel/btf/vmlinux) is not "
				    "available: %s", strerror(errno));
	return NULL;
}

bool probes_usable(struct probe_table *tab, struct probe *p)
{
	if (p->usable < 0)
		p->usable = p->prov->usable(tab, p) ? 1 : 0;
	return p->usable > 0;
}


/* ---- stability attributes ---------------------------------------- */

static struct prov_attr attr_min(struct prov_attr a, struct prov_attr b)
{
	return (struct prov_attr){
		.name = a.name < b.name ? a.name : b.name,
		.data = a.data < b.data ? a.data : b.data,
		.dclass = a.dclass < b.dclass ? a.dclass : b.dclass,
	};
}

/*
 * As dtrace_probe_info(): the provider's own attributes, lowered by
 * those of each other field the description names (an empty field, like
 * a glob, names nothing).
 */
void probes_attrs(const struct probe *p, struct prov_attr *desc,
		  struct prov_attr *args)
{
	static const struct prov_attrs unknown = {
		.provider = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
		.mod = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
		.func = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
		.name = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
		.args = { STAB_PRIVATE, STAB_PRIVATE, CLS_UNKNOWN },
	};
	const struct prov_attrs *pa = p->prov->attrs ? p->prov->attrs : &unknown;
	struct prov_attr a = pa->provider;

	if (*p->mod)
		a = attr_min(a, pa->mod);
	if (*p->func)
		a = attr_min(a, pa->func);
	if (*p->name)
		a = attr_min(a, pa->name);
	*desc = a;
	*args = pa->args;
}

/* has s a glob character?  (an empty field names nothing, as a glob) */
static bool desc_glob(const char *s)
{
	return !*s || probes_is_glob(s);
}

/*
 * As dt_probe_info() for a clause's description: Unstable/Unstable/
 * Common when it names no provider (or a glob of them), else the
 * provider's attributes lowered by those of each field it names.
 */
struct prov_attr probes_desc_attrs(const char *prov, const char *mod,
				   const char *func, const char *name)
{
	static const struct prov_attr unstable = {
		STAB_UNSTABLE, STAB_UNSTABLE, CLS_COMMON,
	};
	const struct provider *pv = desc_glob(prov) ? NULL :
				    provider_lookup(prov);
	const struct prov_attrs *pa = pv ? pv->attrs : NULL;

	if (!pa)
		return unstable;
	struct prov_attr a = pa->provider;

	if (!desc_glob(mod))
		a = attr_min(a, pa->mod);
	if (!desc_glob(func))
		a = attr_min(a, pa->func);
	if (!desc_glob(name))
		a = attr_min(a, pa->name);
	return a;
}

const char *prov_stability_name(unsigned s)
{
	static const char *const names[] = {
		"Internal", "Private", "Obsolete", "External", "Unstable",
		"Evolving", "Stable", "Standard",
	};

	return s < sizeof(names) / sizeof(names[0]) ? names[s] : "Unknown";
}

const char *prov_class_name(unsigned c)
{
	static const char *const names[] = {
		"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
	};

	return c < sizeof(names) / sizeof(names[0]) ? names[c] : "Unknown";
}
