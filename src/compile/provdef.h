/*
 * Provider definitions (provider p { probe x(int, char *) : (char *); };)
 * as the USDT tools use them: dtrace -h writes a header from them,
 * dtrace -G an object, and both embed them in the program as a note
 * that gives the probes' argument types to dtrace (args[]).
 */
#ifndef BD_PROVDEF_H
#define BD_PROVDEF_H

#include <stdbool.h>

#include "../lib/arena.h"
#include "../lib/strbuf.h"
#include "diag.h"

struct provdef_arg {
	const char *ctype;	/* C type text: "int", "char *" */
	const char *name;	/* parameter name, or NULL */
	bool is_signed;		/* for the note's argument specification */
};

struct provdef_probe {
	const char *name;		/* as written: "query__start" */
	struct provdef_arg *native;	/* what the program passes */
	int nnative;
	struct provdef_arg *xlated;	/* what args[] are (the part after
					 * ":"), the native ones if absent */
	int nxlated;
	int *map;			/* args[i] is native[map[i]] */
};

struct provdef {
	struct provdef *next;
	const char *name;
	struct provdef_probe *probes;
	int nprobes;
};

/*
 * The provider definitions of sources srcs[0 .. nsrcs) (parsed, not
 * otherwise compiled), into *out, a list in source order; 0, or -1 with
 * d set.
 */
int provdef_collect(struct arena *a, const struct source *srcs, int nsrcs,
		    struct provdef **out, struct diag *d);

/*
 * The text of the provider note (see providers/uprov.h, "provider
 * notes"): one line a fact.
 */
void provdef_text(const struct provdef *pd, struct strbuf *sb);

/*
 * The provider note as assembly, one directive a line: in a comdat
 * group named after the provider, so that one copy survives the link.
 */
void provdef_note_asm(const struct provdef *pd, struct strbuf *sb);

/* Upper case, with "__" written "_" when dash: PROVIDER_PROBE macros. */
void provdef_upper(struct strbuf *sb, const char *s, bool dash);

#endif
