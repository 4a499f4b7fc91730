/*
 * The consumer's side of print(): the record holds the object's address
 * and its bytes, typed by the record description (dval.type, which the
 * compiled program keeps alive with its BTF); fmt_print_type() does the
 * formatting.  A script's enumerators come from the program's types.
 *
 * The printsize option limits how many of the object's bytes are shown
 * (the rest is "..."); like Oracle's DTrace for Linux it is read when
 * the record is printed, so setopt("printsize", ...) in a clause changes
 * the print()s that follow it.
 */
#include "consume.h"

#include <string.h>

#include "../codegen/dobj.h"
#include "../compile/types.h"
#include "fmt.h"
#include "options.h"

void consume_print_setopt(struct consumer *c, const struct dact *a)
{
	struct dopts o;
	char msg[128];

	if (!a->optname || strcmp(a->optname, "printsize") != 0)
		return;
	dopts_init(&o);
	/* a bad value is reported with the other options' (agg_act.c) */
	if (dopts_set(&o, a->optname, a->optval, msg, sizeof(msg)) < 0)
		return;
	c->printsize = o.printsize;
	c->printsize_set = true;
}

void consume_print(struct consumer *c, const struct dact *a,
		   const void *data)
{
	const struct dval *obj = &a->vals[1];
	uint64_t limit = c->printsize_set ? c->printsize : c->opts->printsize;
	size_t size = obj->size;
	uint64_t addr;

	if (limit && limit < size)
		size = (size_t)limit;
	memcpy(&addr, (const char *)data + a->vals[0].offset, sizeof(addr));
	if (consume_xo_on(c)) {
		ofmt_open_instance(&c->xo, "output");
		fmt_xo_print_type(&c->xo, addr, obj->type,
				  (const char *)data + obj->offset, size,
				  c->obj->types ? c->obj->types->names : NULL);
		ofmt_close(&c->xo);
		return;
	}
	/* without -q the object starts below the probe's line */
	if (!c->opts->quiet)
		sb_addc(&c->out, '\n');
	fmt_print_type(&c->out, addr, obj->type,
		       (const char *)data + obj->offset, size,
		       c->obj->types ? c->obj->types->names : NULL);
}
