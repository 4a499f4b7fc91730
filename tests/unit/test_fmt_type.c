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
static struct dname n_two = { .kind = DN_ENUMERATOR, .name = "TWO",
			       .type = &t_enum, .value = 2 };

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
	/* every zero member is left out, arrays and enums too */
	CHECK_STR(sb_str(&out), "0x10 = *\n"
		  I1 "(struct s) {\n"
		  I1 "}\n");
	sb_reset(&out);
	fmt_print_type(&out, 0x20, &t_int, &v, sizeof(v), NULL);
	CHECK_STR(sb_str(&out), "0x20 = *\n" I1 "(int)-4\n");
}

/* print() of n bytes of d as the BTF struct id of b (size bytes) */
static const char *print_btf(struct btf *b, int id, uint32_t size,
			     const void *d, size_t n, uint64_t addr)
{
	struct dtype t = { .kind = DT_STRUCT, .size = size, .name = "struct",
			   .btf = b, .btf_id = (uint32_t)id };

	sb_reset(&out);
	fmt_print_type(&out, addr, &t, d, n, NULL);
	return sb_str(&out);
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
	CHECK_STR(print_btf(b, ts, 24, d, sizeof(d), 0x30), "0x30 = *\n"
		  I1 "(struct k) {\n"
		  I2 ".a = (int)1,\n"
		  I2 ".c = (__u8)21,\n"
		  I2 ".p = (void *)0xabc,\n"
		  I1 "}\n");
	/* only 8 bytes recorded: the rest is "..." */
	CHECK_STR(print_btf(b, ts, 24, d, 8, 0x30), "0x30 = *\n"
		  I1 "(struct k) {\n"
		  I2 ".a = (int)1,\n"
		  I2 ".c = (__u8)21,\n"
		  I2 "...\n"
		  I1 "}\n");
	btf__free(b);
}

/* casts: typedef and C names of script types, qualifiers left out,
 * pointers to functions as C writes them */
static void test_type_names(void)
{
	struct btf *b = btf__new_empty();
	int ti = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	int tl = btf__add_int(b, "long int", 8, BTF_INT_SIGNED);
	int tc = btf__add_const(b, ti);
	int tcp = btf__add_ptr(b, tc);
	int fp = btf__add_func_proto(b, ti);
	int fpp, ts;
	unsigned char d[24] = { 0 };
	static const struct dtype t_u64 = { .kind = DT_INT, .size = 8,
					    .name = "ulong_t",
					    .cname = "uint64_t" };

	btf__add_func_param(b, "", tcp);
	btf__add_func_param(b, "", tl);
	fpp = btf__add_ptr(b, fp);
	ts = btf__add_struct(b, "ops", 24);
	btf__add_field(b, "f", fpp, 0, 0);
	btf__add_field(b, "q", tcp, 64, 0);
	btf__add_field(b, "n", tc, 128, 0);
	d[0] = 0x10;	/* f */
	d[8] = 0x20;	/* q */
	d[16] = 3;
	CHECK_STR(print_btf(b, ts, 24, d, sizeof(d), 0x40), "0x40 = *\n"
		  I1 "(struct ops) {\n"
		  I2 ".f = (int (*)(int *, long int))0x10,\n"
		  I2 ".q = (int *)0x20,\n"
		  I2 ".n = (int)3,\n"
		  I1 "}\n");
	sb_reset(&out);
	fmt_print_type(&out, 0x50, &t_u64, d + 16, 8, NULL);
	CHECK_STR(sb_str(&out), "0x50 = *\n" I1 "(uint64_t)3\n");
	btf__free(b);
}

/*
 * Where the recorded bytes end (printsize): array elements past them are
 * left out silently, a member past them is "...", and a union that uses
 * up the last bytes shows the "..." before its closing brace.
 */
static struct dmember m_ud = { NULL, "d", &t_int, 0, 0 };
static struct dmember m_uc = { &m_ud, "c", &t_char, 0, 0 };
static const struct dtype t_u2 = { .kind = DT_UNION, .size = 4,
				   .name = "union <anon>", .members = &m_uc };
static struct dmember m_tz = { NULL, "z", &t_int, 96, 0 };
static struct dmember m_tu = { &m_tz, "u", &t_u2, 64, 0 };
static struct dmember m_tb = { &m_tu, "b", &t_arr, 32, 0 };
static struct dmember m_ta = { &m_tb, "a", &t_int, 0, 0 };
static const struct dtype t_t = { .kind = DT_STRUCT, .size = 16,
				  .name = "struct t", .members = &m_ta };

/* the lines both cuts of struct t start with */
#define T_HEAD	"0x60 = *\n" I1 "(struct t) {\n" I2 ".a = (int)1,\n" \
		I2 ".b = (char [3]) [\n" I3 "(char)'x',\n" I3 "(char)'y',\n"

static void test_truncated(void)
{
	unsigned char d[16] = { 1, 0, 0, 0, 'x', 'y', 'z', 0, 0x41, 0, 0, 0,
				5 };

	sb_reset(&out);
	fmt_print_type(&out, 0x60, &t_t, d, 6, NULL);
	CHECK_STR(sb_str(&out), T_HEAD I2 "],\n" I2 "...\n" I1 "}\n");
	sb_reset(&out);
	fmt_print_type(&out, 0x60, &t_t, d, 12, NULL);
	CHECK_STR(sb_str(&out), T_HEAD
		  I3 "(char)'z',\n"
		  I2 "],\n"
		  I2 ".u = (union) {\n"
		  I3 ".c = (char)'A',\n"
		  I3 ".d = (int)65,\n"
		  I2 "...\n"
		  I2 "},\n"
		  I1 "}\n");
}

int main(void)
{
	RUN(test_script_struct);
	RUN(test_zero_and_scalar);
	RUN(test_btf_struct);
	RUN(test_type_names);
	RUN(test_truncated);
	sb_free(&out);
	return UNIT_DONE();
}
