/*
 * -x linkmode and -x knodefs, as DTrace's assembler (dt_as.c) applies
 * them to kernel symbols.  DTrace's default ("kernel") and "static" put a
 * kernel symbol's address in the program as it is compiled; "dynamic"
 * leaves every kernel symbol to be relocated when the program is loaded,
 * and "primary" those outside the primary module (illumos' unix and
 * genunix; on Linux, vmlinux).  A symbol left so is an error, "relocation
 * remains" (D_ASRELO), unless -x knodefs permits it; -x kdefs takes that
 * back.  bdtrace has no load-time relocation: a permitted symbol is
 * resolved as it is compiled, which gives the same address.
 */
#include <string.h>

#include "../runtime/options.h"
#include "cg.h"

static bool left_to_load(const struct dopts *o, const char *module)
{
	if (!o || !o->linkmode)
		return false;
	if (strcmp(o->linkmode, "dynamic") == 0)
		return true;
	return strcmp(o->linkmode, "primary") == 0 &&
	       (!module || strcmp(module, "vmlinux") != 0);
}

bool cg_ksym_linked(struct cg *cg, const struct node *n)
{
	if (!left_to_load(cg->opts, n->sval) || cg->opts->knodefs)
		return true;
	/* DTrace's offset is that of the instruction to relocate */
	diag_error(cg->diag, n->loc, D_ASRELO,
		   "relocation remains against kernel symbol %s`%s "
		   "(offset 0x%zx)", n->sval ? n->sval : "vmlinux", n->name,
		   emit_pos(cg->e) * 8);
	return false;
}
