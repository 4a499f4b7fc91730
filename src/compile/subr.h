/*
 * DTrace's subroutines (strlen, substr, copyin, inet_ntop ...): the ids
 * sema gives the calls it checks (in node.builtin of the NK_CALL) and
 * the code generator dispatches on.  sema_subr.c holds their prototypes
 * and argument checks; codegen/cg_subr*.c their BPF.
 */
#ifndef BD_SUBR_H
#define BD_SUBR_H

#include <stdbool.h>

struct sema;
struct node;

enum subr_id {
	SUBR_STRLEN, SUBR_STRJOIN, SUBR_SUBSTR, SUBR_INDEX, SUBR_RINDEX,
	SUBR_STRCHR, SUBR_STRRCHR, SUBR_STRSTR, SUBR_STRTOK, SUBR_BASENAME,
	SUBR_DIRNAME, SUBR_CLEANPATH, SUBR_LLTOSTR, SUBR_TOUPPER,
	SUBR_TOLOWER, SUBR_STRTOLL,
	SUBR_COPYIN, SUBR_COPYINSTR, SUBR_COPYINTO, SUBR_ALLOCA, SUBR_BCOPY,
	SUBR_INET_NTOA, SUBR_INET_NTOA6, SUBR_INET_NTOP,
	SUBR_HTONS, SUBR_HTONL, SUBR_HTONLL, SUBR_NTOHS, SUBR_NTOHL,
	SUBR_NTOHLL,
	SUBR_RAND, SUBR_PROGENYOF, SUBR_GETMAJOR, SUBR_GETMINOR, SUBR_D_PATH,
	SUBR_LINK_NTOP,
	SUBR_MUTEX_OWNED, SUBR_MUTEX_OWNER, SUBR_MUTEX_TYPE_ADAPTIVE,
	SUBR_MUTEX_TYPE_SPIN,
	SUBR_COUNT
};

/* Is name a subroutine sema_subr_call checks? */
bool sema_is_subr(const char *name);
/* Check a call of a subroutine and type it; 0 or -1 (reported). */
int sema_subr_call(struct sema *s, struct node *n);

#endif
