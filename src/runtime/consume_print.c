/*
 * The consumer's side of print(): the record holds the object's address
 * and its bytes, typed by the record description (dval.type, which the
 * compiled program keeps alive with its BTF); fmt_print_type() does the
 * formatting.  A script's enumerators come from the program's types.
 */
#include "consume.h"

#include <string.h>

#include "../codegen/dobj.h"
#include "../compile/types.h"
#include "fmt.h"
#include "options.h"

void consume_print(struct consumer *c, const struct dact *a,
		   const void *data)
{
	const struct dval *obj = &a->vals[1];
	uint64_t addr;

	memcpy(&addr, (const char *)data + a->vals[0].offset, sizeof(addr));
	/* without -q the object starts below the probe's line */
	if (!c->opts->quiet)
		sb_addc(&c->out, '\n');
	fmt_print_type(&c->out, addr, obj->type,
		       (const char *)data + obj->offset, obj->size,
		       c->obj->types ? c->obj->types->names : NULL);
}
