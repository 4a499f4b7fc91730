/*
 * What the stable providers ask of the kernel's BTF: whether a raw
 * tracepoint exists with the argument types a probe's expressions
 * assume (its btf_trace_<name> typedef: a pointer to the prototype of
 * the tracepoint's callbacks, whose first parameter is the callback's
 * own data), and where a structure member lies.  Types are compared as
 * C text without qualifiers ("struct task_struct *", "unsigned int",
 * "bool"), so that a table says what it expects in the kernel's words.
 */
#include <bpf/btf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stp.h"
#include "../lib/btf_path.h"

/* the C text of type id, qualifiers left out, into buf */
static void type_text(const struct btf *btf, uint32_t id, char *buf,
		      size_t size)
{
	const struct btf_type *t;
	const char *name;

	id = btfp_skip_mods(btf, id);
	t = btf__type_by_id(btf, id);
	if (id == 0 || !t) {
		snprintf(buf, size, "void");
		return;
	}
	name = btf__name_by_offset(btf, t->name_off);
	if (btf_is_ptr(t)) {
		char base[96];
		size_t n;

		type_text(btf, t->type, base, sizeof(base));
		n = strlen(base);
		snprintf(buf, size, "%s%s*", base,
			 n && base[n - 1] == '*' ? "" : " ");
	} else if (btf_is_struct(t)) {
		snprintf(buf, size, "struct %s", name);
	} else if (btf_is_union(t)) {
		snprintf(buf, size, "union %s", name);
	} else if (btf_is_any_enum(t)) {
		snprintf(buf, size, "enum %s", name);
	} else if (btf_is_func_proto(t)) {
		snprintf(buf, size, "(function)");
	} else {
		snprintf(buf, size, "%s", name ? name : "?");
	}
}

/*
 * Do the parameters of function prototype t, from number first on,
 * have the types proto names (up to its NULL)?
 */
static bool params_match(const struct btf *btf, const struct btf_type *t,
			 int first, const char *const *proto)
{
	const struct btf_param *pa = btf_params(t);
	char text[128];

	for (int i = 0; i < STP_NPROTO && proto[i]; i++) {
		if (first + i >= btf_vlen(t))
			return false;
		if (strcmp(proto[i], "*") == 0)
			continue;
		type_text(btf, pa[first + i].type, text, sizeof(text));
		if (strcmp(text, proto[i]) != 0)
			return false;
	}
	return true;
}

bool stp_btf_proto(const struct btf *btf, const char *tp,
		   const char *const *proto)
{
	char name[128];
	const struct btf_type *t;
	int id;

	snprintf(name, sizeof(name), "btf_trace_%s", tp);
	id = btf__find_by_name_kind(btf, name, BTF_KIND_TYPEDEF);
	if (id <= 0)
		return false;
	t = btf__type_by_id(btf, btfp_skip_mods(btf, (uint32_t)id));
	if (btf_is_typedef(t))
		t = btf__type_by_id(btf, btfp_skip_mods(btf, t->type));
	if (!t || !btf_is_ptr(t))
		return false;
	t = btf__type_by_id(btf, btfp_skip_mods(btf, t->type));
	if (!t || !btf_is_func_proto(t))
		return false;
	/* parameter 0 is the callback's data, not the tracepoint's */
	return params_match(btf, t, 1, proto);
}

bool stp_btf_fn_proto(const struct btf *btf, const char *fn,
		      const char *const *proto)
{
	int id = btf__find_by_name_kind(btf, fn, BTF_KIND_FUNC);
	const struct btf_type *t;

	if (id <= 0)
		return false;
	t = btf__type_by_id(btf, btf__type_by_id(btf, (uint32_t)id)->type);
	return t && btf_is_func_proto(t) && params_match(btf, t, 0, proto);
}

bool stp_btf_enum(const struct btf *btf, const char *name, int64_t *value)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (btf_is_enum(t)) {
			const struct btf_enum *e = btf_enum(t);

			for (int i = 0; i < btf_vlen(t); i++, e++)
				if (!strcmp(btf__name_by_offset(btf, e->name_off),
					    name)) {
					*value = e->val;
					return true;
				}
		} else if (btf_is_enum64(t)) {
			const struct btf_enum64 *e = btf_enum64(t);

			for (int i = 0; i < btf_vlen(t); i++, e++)
				if (!strcmp(btf__name_by_offset(btf, e->name_off),
					    name)) {
					*value = (int64_t)btf_enum64_value(e);
					return true;
				}
		}
	}
	return false;
}

bool stp_btf_member(const struct btf *btf, const char *sou, const char *path,
		    uint32_t *off, uint8_t *size, bool *is_signed)
{
	uint32_t type, bits;
	const struct btf_type *t;

	if (!btfp_member(btf, sou, path, &type, &bits))
		return false;
	t = btf__type_by_id(btf, btfp_resolve(btf, type));
	if (!t)
		return false;
	if (btf_is_ptr(t)) {
		*size = 8;
		*is_signed = false;
	} else if (btf_is_int(t)) {
		*size = (uint8_t)t->size;
		*is_signed = btf_int_encoding(t) & BTF_INT_SIGNED;
	} else if (btf_is_any_enum(t)) {
		*size = (uint8_t)t->size;
		*is_signed = btf_kflag(t);
	} else {
		return false;
	}
	if (*size != 1 && *size != 2 && *size != 4 && *size != 8)
		return false;
	*off = bits / 8;
	return true;
}
