/*
 * Unit tests for print()'s formatter (src/runtime/fmt_type.c): script
 * types and BTF types walked alike, zero members left out, char arrays,
 * enums, bit-fields, nesting and a record shorter than its type.
 */
#include <bpf/btf.h>
#include <string.h>

#include "../../src/compile/types.h"
#include "../../src/runtime/fmt.h"
#include "unit.h"

static struct strbuf out;

#define I1 "                                            "
#define I2 I1 " "
#define I3 I2 " "

static const struct dtype t_int = { .kind = DT_INT, .size = 4,
				    .is_signed = true, .name = "int" };
static const struct dtype t_uint = { .kind = DT_INT, .size = 4,
				     .name = "uint_t" };
static const struct dtype t_char = { .kind = DT_INT, .size = 1,
				     .is_signed = true, .name = "char" };
static const struct dtype t_void = { .kind = DT_VOID, .name = "void" };
static const struct dtype t_vp = { .kind = DT_PTR, .size = 8,
				   .base = &t_void };
static const struct dtype t_arr = { .kind = DT_ARRAY, .size = 3,
				    .base = &t_char, .nelems = 3 };
static const struct dtype t_enum = { .kind = DT_ENUM, .size = 4,
				     .name = "enum e" };

/* struct s { int a; char b[3]; void *p; enum e h; uint_t bf:3;
 *	      int sbf:4; union { int x; } u; } */
static struct dmember m_x = { NULL, "x", &t_int, 0, 0 };
static const struct dtype t_union = { .kind = DT_UNION, .size = 4,
				      .name = "union <anon>",
				      .members = &m_x };
static struct dmember m_u = { NULL, "u", &t_union, 224, 0 };
static struct dmember m_sbf = { &m_u, "sbf", &t_int, 195, 4 };
static struct dmember m_bf = { &m_sbf, "bf", &t_uint, 192, 3 };
static struct dmember m_h = { &m_bf, "h", &t_enum, 160, 0 };
static struct dmember m_p = { &m_h, "p", &t_vp, 64, 0 };
static struct dmember m_b = { &m_p, "b", &t_arr, 32, 0 };
static struct dmember m_a = { &m_b, "a", &t_int, 0, 0 };
static const struct dtype t_s = { .kind = DT_STRUCT, .size = 32,
				  .name = "struct s", .members = &m_a };
static struct dname n_two = { NULL, DN_ENUMERATOR, "TWO", &t_enum, 2 };

static void test_script_struct(void)
{
	unsigned char d[32] = { 7, 0, 0, 0, 'h', 'i', 0 };
	uint64_t p = 0xffff888012345678ull;

	memcpy(d + 8, &p, 8);
	d[20] = 2;
	d[24] = 5 | (13 << 3);		/* bf 5, sbf -3 */
	d[28] = 9;
	sb_reset(&out);
	fmt_print_type(&out, 0x1000, &t_s, d, sizeof(d), &n_two);
	CHECK_STR(sb_str(&out), "0x1000 = *\n"
		  I1 "(struct s) {\n"
		  I2 ".a = (int)7,\n"
		  I2 ".b = (char [3]) [\n"
		  I3 "(char)'h',\n"
		  I3 "(char)'i',\n"
		  I2 "],\n"
		  I2 ".p = (void *)0xffff888012345678,\n"
		  I2 ".h = (enum e)TWO,\n"
		  I2 ".bf = (uint_t)5,\n"
		  I2 ".sbf = (int)-3,\n"
		  I2 ".u = (union) {\n"
		  I3 ".x = (int)9,\n"
		  I2 "},\n"
		  I1 "}\n");
}

static void test_zero_and_scalar(void)
{
	unsigned char d[32] = { 0 };
	int v = -4;

	sb_reset(&out);
	fmt_print_type(&out, 0x10, &t_s, d, sizeof(d), NULL);
	CHECK_STR(sb_str(&out), "0x10 = *\n"
		  I1 "(struct s) {\n"
		  I2 ".b = (char [3]) [\n"
		  I2 "],\n"
		  I2 ".h = (enum e)0,\n"
		  I1 "}\n");
	sb_reset(&out);
	fmt_print_type(&out, 0x20, &t_int, &v, sizeof(v), NULL);
	CHECK_STR(sb_str(&out), "0x20 = *\n" I1 "(int)-4\n");
}

static void test_btf_struct(void)
{
	struct btf *b = btf__new_empty();
	int ti = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	int tu = btf__add_int(b, "unsigned char", 1, 0);
	int td = btf__add_typedef(b, "__u8", tu);
	int tp = btf__add_ptr(b, 0);
	int ts = btf__add_struct(b, "k", 24);
	unsigned char d[24] = { 1, 0, 0, 0, 0x15 };
	uint64_t p = 0xabc;

	btf__add_field(b, "a", ti, 0, 0);
	btf__add_field(b, "c", td, 32, 0);
	btf__add_field(b, "p", tp, 64, 0);
	btf__add_field(b, "z", ti, 128, 0);
	memcpy(d + 8, &p, 8);
	struct dtype t = { .kind = DT_STRUCT, .size = 24, .name = "struct k",
			   .btf = b, .btf_id = (uint32_t)ts };

	sb_reset(&out);
	fmt_print_type(&out, 0x30, &t, d, sizeof(d), NULL);
	CHECK_STR(sb_str(&out), "0x30 = *\n"
		  I1 "(struct k) {\n"
		  I2 ".a = (int)1,\n"
		  I2 ".c = (__u8)21,\n"
		  I2 ".p = (void *)0xabc,\n"
		  I1 "}\n");
	/* only 8 bytes recorded: the rest is "..." */
	sb_reset(&out);
	fmt_print_type(&out, 0x30, &t, d, 8, NULL);
	CHECK_STR(sb_str(&out), "0x30 = *\n"
		  I1 "(struct k) {\n"
		  I2 ".a = (int)1,\n"
		  I2 ".c = (__u8)21,\n"
		  I2 "...\n"
		  I1 "}\n");
	btf__free(b);
}

int main(void)
{
	RUN(test_script_struct);
	RUN(test_zero_and_scalar);
	RUN(test_btf_struct);
	sb_free(&out);
	return UNIT_DONE();
}
