/*
 * Where a member of a kernel structure lies, by its BTF: the one
 * implementation the stable providers' tables, the code generator's own
 * kernel walks (d_path(), ppid) and the fork helper share.
 */
#include "btf_path.h"

#include <stdlib.h>
#include <string.h>

/* id without its qualifiers (const, volatile ...) */
uint32_t btfp_skip_mods(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t && (btf_is_mod(t) || btf_is_type_tag(t))) {
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	return id;
}

/* id without qualifiers and typedefs: the type itself */
uint32_t btfp_resolve(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t;

	id = btfp_skip_mods(btf, id);
	while ((t = btf__type_by_id(btf, id)) && btf_is_typedef(t))
		id = btfp_skip_mods(btf, t->type);
	return id;
}

static int find_sou(const struct btf *btf, const char *name)
{
	int id = btf__find_by_name_kind(btf, name, BTF_KIND_STRUCT);

	return id > 0 ? id : btf__find_by_name_kind(btf, name, BTF_KIND_UNION);
}

/*
 * Member `name` (len bytes) of struct/union id, looked for through
 * anonymous members too: its type into *type, its bit offset added to
 * *bits.  False if absent or a bit-field.
 */
static bool find_member(const struct btf *btf, uint32_t id, const char *name,
			size_t len, uint32_t *type, uint32_t *bits)
{
	const struct btf_type *t = btf__type_by_id(btf, btfp_resolve(btf, id));
	const struct btf_member *m;

	if (!t || !btf_is_composite(t))
		return false;
	m = btf_members(t);
	for (uint16_t i = 0; i < btf_vlen(t); i++, m++) {
		const char *mn = btf__name_by_offset(btf, m->name_off);
		uint32_t off = btf_member_bit_offset(t, i);

		if (mn && *mn) {
			if (strlen(mn) != len || strncmp(mn, name, len) != 0)
				continue;
			if (btf_member_bitfield_size(t, i))
				return false;
			*type = m->type;
			*bits += off;
			return true;
		}
		uint32_t inner = *bits + off;

		if (find_member(btf, m->type, name, len, type, &inner)) {
			*bits = inner;
			return true;
		}
	}
	return false;
}

/* "name[N]": the index N of an array member, moving type and bits */
static bool index_member(const struct btf *btf, const char *ix,
			 uint32_t *type, uint32_t *bits)
{
	const struct btf_type *t = btf__type_by_id(btf, btfp_resolve(btf, *type));
	char *end;
	long n = strtol(ix + 1, &end, 10);
	__s64 esz;

	if (!t || !btf_is_array(t) || *end != ']' || n < 0 ||
	    (uint32_t)n >= btf_array(t)->nelems)
		return false;
	esz = btf__resolve_size(btf, btf_array(t)->type);
	if (esz <= 0)
		return false;
	*type = btf_array(t)->type;
	*bits += (uint32_t)(n * esz * 8);
	return true;
}

bool btfp_member(const struct btf *btf, const char *sou,
			const char *path, uint32_t *type, uint32_t *bits)
{
	int sid = find_sou(btf, sou);

	if (sid <= 0)
		return false;
	*type = (uint32_t)sid;
	*bits = 0;
	while (*path) {
		size_t len = strcspn(path, ".[");

		if (!find_member(btf, *type, path, len, type, bits))
			return false;
		path += len;
		if (*path == '[') {
			if (!index_member(btf, path, type, bits))
				return false;
			path = strchr(path, ']') + 1;
		}
		if (*path == '.')
			path++;
	}
	return *bits % 8 == 0;
}

int btfp_offsetof(const struct btf *btf, const char *sou, const char *path)
{
	uint32_t type, bits;

	if (!btf || !btfp_member(btf, sou, path, &type, &bits))
		return -1;
	return (int)(bits / 8);
}
