/*
 * Unit tests for aggregation output (src/runtime/fmt_agg.c): the default
 * printa() form for each function and key type, histograms, DTrace's
 * sort orders, and printa() with a format.
 */
#include "../../src/runtime/fmt.h"
#include "unit.h"

static struct strbuf out;
static struct arena arena;

#define HDR "\n           value  ------------- Distribution ------------- " \
	    "count    \n"

/* keys: a 16-byte string at 0, an int64 at 16 */
static struct dval str_i64_keys[2] = {
	{ .kind = DV_STRING, .offset = 0, .size = 16 },
	{ .kind = DV_INT, .is_signed = true, .offset = 16, .size = 8 },
};

struct key {
	char s[16];
	int64_t n;
};

static void test_count_nokey(void)
{
	struct dagg agg = { .func = AGG_COUNT, .nkeys = 0, .key_size = 4 };
	int64_t v = 10;
	uint32_t k = 0;
	struct agg_entry e = { .key = &k, .val = &v };

	sb_reset(&out);
	fmt_agg_print(&out, &agg, &e, 1);
	CHECK_STR(sb_str(&out), "\n               10\n");
	sb_reset(&out);
	fmt_agg_print(&out, &agg, NULL, 0);	/* printa of an empty one */
	CHECK_STR(sb_str(&out), "\n");
	sb_reset(&out);
	fmt_agg_print_entries(&out, &agg, &e, 1);
	CHECK_STR(sb_str(&out), "               10\n");
}

static void test_string_key(void)
{
	struct dagg agg = { .func = AGG_COUNT, .keys = str_i64_keys,
			    .nkeys = 1, .key_size = 16 };
	struct key k[2] = { { "bash", 0 }, { "sshd", 0 } };
	int64_t v[2] = { 3, 12 };
	struct agg_entry e[2] = { { .key = &k[0], .val = &v[0] }, { .key = &k[1], .val = &v[1] } };

	sb_reset(&out);
	fmt_agg_print(&out, &agg, e, 2);
	CHECK_STR(sb_str(&out), "\n"
		  "  bash                                              "
		  "                3\n"
		  "  sshd                                              "
		  "               12\n");
}

static void test_int_keys(void)
{
	/* tst.signedkeys.r: sizes 1 and 2 print unsigned, 4 and 8 signed */
	struct dval k1 = { .kind = DV_INT, .is_signed = true, .size = 1 };
	struct dval k2 = { .kind = DV_INT, .is_signed = true, .size = 2 };
	struct dval k4 = { .kind = DV_INT, .is_signed = true, .size = 4 };
	struct dval k8 = { .kind = DV_INT, .is_signed = true, .size = 8 };
	struct dagg agg = { .func = AGG_SUM, .nkeys = 1 };
	int64_t key = -2, v = -2;
	struct agg_entry e = { .key = &key, .val = &v };

	agg.keys = &k1;
	sb_reset(&out);
	fmt_agg_print_entry(&out, &agg, &e);
	CHECK_STR(sb_str(&out), " 254               -2\n");
	agg.keys = &k2;
	sb_reset(&out);
	fmt_agg_print_entry(&out, &agg, &e);
	CHECK_STR(sb_str(&out), " 65534               -2\n");
	agg.keys = &k4;
	sb_reset(&out);
	fmt_agg_print_entry(&out, &agg, &e);
	CHECK_STR(sb_str(&out), "       -2               -2\n");
	agg.keys = &k8;
	sb_reset(&out);
	fmt_agg_print_entry(&out, &agg, &e);
	CHECK_STR(sb_str(&out), "               -2               -2\n");
}

static void test_two_keys(void)
{
	struct dagg agg = { .func = AGG_COUNT, .keys = str_i64_keys,
			    .nkeys = 2, .key_size = 24 };
	struct key k = { "cat", 42 };
	int64_t v = 7;
	struct agg_entry e = { .key = &k, .val = &v };

	sb_reset(&out);
	fmt_agg_print(&out, &agg, &e, 1);
	CHECK_STR(sb_str(&out), "\n"
		  "  cat                                               "
		  "               42                7\n");
}

static void test_values(void)
{
	struct dagg agg = { .nkeys = 0 };
	int64_t avg[2] = { 3, 10 }, neg[2] = { 2, -7 }, mm[2] = { 1, -40 };
	uint64_t sd[4] = { 2, 30, 500, 0 };

	agg.func = AGG_AVG;
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, avg);
	CHECK_STR(sb_str(&out), "                3");
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, neg);
	CHECK_STR(sb_str(&out), "               -3");
	agg.func = AGG_MIN;
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, mm);
	CHECK_STR(sb_str(&out), "              -40");
	agg.func = AGG_MAX;
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, mm);
	CHECK_STR(sb_str(&out), "              -40");
	/* stddev(10), stddev(20): sqrt(250 - 225) */
	agg.func = AGG_STDDEV;
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, sd);
	CHECK_STR(sb_str(&out), "                5");
	CHECK_INT(fmt_stddev(sd), 5);
	/* sum of squares beyond 64 bits: 4 values of 2^32 */
	uint64_t big[4] = { 4, 4ULL << 32, 0, 4 };

	CHECK_INT(fmt_stddev(big), 0);
	uint64_t zero[4] = { 0 };

	CHECK_INT(fmt_stddev(zero), 0);
}

static void test_quantize(void)
{
	struct dagg agg = { .func = AGG_QUANTIZE, .nkeys = 0 };
	int64_t q[FMT_QUANTIZE_NBUCKETS] = { 0 };

	CHECK_INT(fmt_quantize_bucket_value(63), 0);
	CHECK_INT(fmt_quantize_bucket_value(64), 1);
	CHECK_INT(fmt_quantize_bucket_value(66), 4);
	CHECK_INT(fmt_quantize_bucket_value(62), -1);
	CHECK_INT(fmt_quantize_bucket_value(0), INT64_MIN / 2);
	CHECK_INT(fmt_quantize_bucket_value(126), 1LL << 62);
	CHECK_INT(fmt_agg_value_size(&agg), 8 * 127);

	q[64] = 1;	/* 1 */
	q[66] = 3;	/* 5, 6, 7 */
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, q);
	CHECK_STR(sb_str(&out), HDR
		  "               0 |                                         0        \n"
		  "               1 |@@@@@@@@@@                               1        \n"
		  "               2 |                                         0        \n"
		  "               4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
		  "               8 |                                         0        \n");

	/* no data: the buckets around 0 */
	int64_t z[FMT_QUANTIZE_NBUCKETS] = { 0 };

	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, z);
	CHECK_STR(sb_str(&out), HDR
		  "              -1 |                                         0        \n"
		  "               0 |                                         0        \n"
		  "               1 |                                         0        \n");

	/* negative counts: bars both ways */
	int64_t m[FMT_QUANTIZE_NBUCKETS] = { 0 };

	m[64] = 2;
	m[65] = -1;
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, m);
	CHECK_STR(sb_str(&out), HDR
		  "               0                     |                     0        \n"
		  "               1                     |@@@@@@@@@@@@@        2        \n"
		  "               2              @@@@@@@|                     -1       \n"
		  "               4                     |                     0        \n");

	/* data only in the last bucket (2^62 and up) is shown */
	int64_t l[FMT_QUANTIZE_NBUCKETS] = { 0 };

	l[126] = 5;
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, l);
	CHECK_STR(sb_str(&out), HDR
		  "2305843009213693952 |                                         0        \n"
		  "4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 5        \n");
}

static void test_quantize_entry(void)
{
	/* a key, then the histogram, then a blank line */
	struct dagg agg = { .func = AGG_QUANTIZE, .keys = str_i64_keys,
			    .nkeys = 1 };
	int64_t q[FMT_QUANTIZE_NBUCKETS] = { 0 };
	struct key k = { "ls", 0 };
	struct agg_entry e = { .key = &k, .val = q };

	q[63] = 4;
	sb_reset(&out);
	fmt_agg_print(&out, &agg, &e, 1);
	CHECK_STR(sb_str(&out), "\n"
		  "  ls                                                "
		  HDR
		  "              -1 |                                         0        \n"
		  "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 4        \n"
		  "               1 |                                         0        \n"
		  "\n");
}

static void test_zoom_hist(void)
{
	/* aggzoom: the highest bucket is 38 columns, the others in
	 * proportion (1 of 2: 19) */
	struct dagg q = { .func = AGG_QUANTIZE, .nkeys = 0 };
	struct dagg c = { .func = AGG_COUNT, .keys = str_i64_keys,
			  .nkeys = 2 };
	int64_t b[FMT_QUANTIZE_NBUCKETS] = { 0 };
	struct key k[2] = { { "cat", 5 }, { "ls", 7 } };
	int64_t v[2] = { 1, 3 };
	struct agg_entry he[2] = { { .key = &k[0], .val = &v[0] },
				   { .key = &k[1], .val = &v[1] } };

	b[64] = 1;
	b[65] = 2;
	fmt_agg_set_zoom(true);
	sb_reset(&out);
	fmt_agg_print_value(&out, &q, b);
	fmt_agg_set_zoom(false);
	CHECK_STR(sb_str(&out), HDR
		  "               0 |                                         0        \n"
		  "               1 |@@@@@@@@@@@@@@@@@@@                      1        \n"
		  "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@   2        \n"
		  "               4 |                                         0        \n");
	/* agghist: a "key" column as wide as the packed keys (17 + 17) */
	fmt_agg_set_hist(true);
	sb_reset(&out);
	fmt_agg_print_entries(&out, &c, he, 2);
	fmt_agg_set_hist(false);
	CHECK_STR(sb_str(&out),
		  "\n                               key  ------------- Distribution ------------- count    \n"
		  "              cat                5 |@@@@@@@@@@                               1        \n"
		  "               ls                7 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n");
}

static void test_lquantize(void)
{
	struct dagg agg = { .func = AGG_LQUANTIZE, .nkeys = 0,
			    .params = { 0, 10, 2 } };
	int64_t b[7] = { 1, 0, 2, 0, 0, 0, 0 };	/* -1; 3, 3 */

	CHECK_INT(fmt_agg_value_size(&agg), 8 * 7);
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, b);
	CHECK_STR(sb_str(&out), HDR
		  "             < 0 |@@@@@@@@@@@@@                            1        \n"
		  "               0 |                                         0        \n"
		  "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@              2        \n"
		  "               4 |                                         0        \n");

	int64_t over[7] = { 0, 0, 0, 0, 0, 0, 5 };

	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, over);
	CHECK_STR(sb_str(&out), HDR
		  "               8 |                                         0        \n"
		  "           >= 10 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 5        \n");
}

static void test_llquantize(void)
{
	int64_t p[4] = { 10, 0, 2, 10 };
	struct dagg agg = { .func = AGG_LLQUANTIZE, .nkeys = 0,
			    .params = { 10, 0, 2, 10 } };
	int64_t b[57] = { 0 };

	/* 1..9, 10..90, 100..900 each side of 0, and the overflows */
	CHECK_INT(fmt_llquantize_nbins(p), 57);
	CHECK_INT(fmt_llquantize_zero_bin(p), 28);
	b[28 + 10] = 2;	/* 10 */
	b[28 - 1] = 1;	/* -1 */
	b[56] = 1;	/* >= 1000 */
	sb_reset(&out);
	fmt_agg_print_value(&out, &agg, b);
	const char *s = sb_str(&out);

	CHECK(strstr(s, "              -2 |") != NULL);
	CHECK(strstr(s, "              -1 |") != NULL);
	CHECK(strstr(s, "               0 |") != NULL);
	CHECK(strstr(s, "               9 |") != NULL);
	CHECK(strstr(s, "              10 |@@@@@@@@@@@@@@@@@@@@ "
		     "                    2        \n") != NULL);
	CHECK(strstr(s, "             900 |") != NULL);
	CHECK(strstr(s, "         >= 1000 |@@@@@@@@@@ ") != NULL);
	CHECK(strstr(s, "-3") == NULL);
	/* the sort weight: 10 * 2 - 1 + 1000 */
	CHECK(fmt_llquantize_sum(p, b) == 1019);
}

static void test_sort(void)
{
	struct dagg agg = { .func = AGG_COUNT, .keys = str_i64_keys,
			    .nkeys = 2 };
	struct key k[4] = { { "b", 1 }, { "a", 2 }, { "c", -1 }, { "a", 1 } };
	int64_t v[4] = { 5, 1, 5, 3 };
	struct agg_entry e[4];

	for (int i = 0; i < 4; i++)
		e[i] = (struct agg_entry){ .key = &k[i], .val = &v[i] };
	/* by value, ties by key */
	fmt_agg_sort(&agg, e, 4, false, false, 0, 0);
	CHECK(e[0].key == &k[1] && e[1].key == &k[3]);
	CHECK(e[2].key == &k[0] && e[3].key == &k[2]);
	/* reversed */
	fmt_agg_sort(&agg, e, 4, false, true, 0, 0);
	CHECK(e[0].key == &k[2] && e[1].key == &k[0]);
	CHECK(e[2].key == &k[3] && e[3].key == &k[1]);
	/* by key: "a" 1, "a" 2, "b", "c" */
	fmt_agg_sort(&agg, e, 4, true, false, 0, 0);
	CHECK(e[0].key == &k[3] && e[1].key == &k[1]);
	CHECK(e[2].key == &k[0] && e[3].key == &k[2]);
	/* by the second key first: 1 ("a", "b"), 2, then -1 as unsigned */
	fmt_agg_sort(&agg, e, 4, true, false, 0, 1);
	CHECK(e[0].key == &k[3] && e[1].key == &k[0]);
	CHECK(e[2].key == &k[1] && e[3].key == &k[2]);
	/* a key position past the last key is the first */
	fmt_agg_sort(&agg, e, 4, true, false, 0, 2);
	CHECK(e[0].key == &k[3] && e[3].key == &k[2]);
}

/* Many entries (the radix path): values of either sign, keys compared
 * unsigned, strings alike in their first 8 bytes, either direction. */
static void test_sort_many(void)
{
	enum { N = 1000 };
	static struct key k[N];
	static int64_t v[N];
	static struct agg_entry e[N];
	struct dagg agg = { .func = AGG_COUNT, .keys = &str_i64_keys[1],
			    .nkeys = 1 };
	uint64_t r = 12345;
	bool ok = true;

	for (int i = 0; i < N; i++) {
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		v[i] = (int64_t)(r >> 33) % 7 - 3;
		k[i].n = (int64_t)(r >> 20) % 1000 - 500;
		snprintf(k[i].s, sizeof(k[i].s), "samefirst%03d",
			 (int)(r >> 40) % 1000);
		e[i] = (struct agg_entry){ .key = &k[i], .val = &v[i] };
	}
	for (int rev = 0; rev < 2; rev++) {
		fmt_agg_sort(&agg, e, N, false, rev, 0, 0);
		for (int i = 0; i + 1 < N; i++) {
			const struct agg_entry *a = &e[rev ? i + 1 : i];
			const struct agg_entry *b = &e[rev ? i : i + 1];
			int64_t va = *(const int64_t *)a->val;
			int64_t vb = *(const int64_t *)b->val;
			uint64_t ka = (uint64_t)((const struct key *)a->key)->n;
			uint64_t kb = (uint64_t)((const struct key *)b->key)->n;

			ok &= va < vb || (va == vb && ka <= kb);
		}
	}
	CHECK(ok);
	/* by the string key, then the number */
	agg.keys = str_i64_keys;
	agg.nkeys = 2;
	fmt_agg_sort(&agg, e, N, true, false, 0, 0);
	for (int i = 0; i + 1 < N; i++) {
		const struct key *a = e[i].key, *b = e[i + 1].key;
		int c = strcmp(a->s, b->s);

		ok &= c < 0 || (c == 0 && (uint64_t)a->n <= (uint64_t)b->n);
	}
	CHECK(ok);
}

static void test_sort_funcs(void)
{
	struct dagg agg = { .func = AGG_AVG, .keys = str_i64_keys,
			    .nkeys = 1 };
	struct key k[2] = { { "x", 0 }, { "y", 0 } };
	int64_t a[2][2] = { { 2, 10 }, { 1, 4 } };	/* 5 and 4 */
	struct agg_entry e[2] = { { .key = &k[0], .val = a[0] }, { .key = &k[1], .val = a[1] } };

	fmt_agg_sort(&agg, e, 2, false, false, 0, 0);
	CHECK(e[0].key == &k[1]);
	int64_t q[2][FMT_QUANTIZE_NBUCKETS] = { { 0 } };

	q[0][70] = 1;
	q[1][64] = 50;		/* 50 ones weigh less than one 64 */
	agg.func = AGG_QUANTIZE;
	e[0] = (struct agg_entry){ .key = &k[0], .val = q[0] };
	e[1] = (struct agg_entry){ .key = &k[1], .val = q[1] };
	fmt_agg_sort(&agg, e, 2, false, false, 0, 0);
	CHECK(e[0].key == &k[1]);
}

static void test_printa_format(void)
{
	struct dagg agg = { .func = AGG_COUNT, .keys = str_i64_keys,
			    .nkeys = 2 };
	struct key k = { "cat", 42 };
	int64_t v = 7;
	struct agg_entry e = { .key = &k, .val = &v };
	struct fmt *f;
	char err[128];

	CHECK(fmt_parse(&arena, "%-8s %d: %@u\n", &f, err, 128) == 0);
	sb_reset(&out);
	CHECK_INT(fmt_printa(&out, f, &agg, &e), 0);
	CHECK_STR(sb_str(&out), "cat      42: 7\n");

	int64_t avg[2] = { 4, 10 };

	agg.func = AGG_AVG;
	e.val = avg;
	CHECK(fmt_parse(&arena, "%s %@d\n", &f, err, 128) == 0);
	sb_reset(&out);
	CHECK_INT(fmt_printa(&out, f, &agg, &e), 0);
	CHECK_STR(sb_str(&out), "cat 2\n");
}

/* printa() of several aggregations with one format: %@ takes the next */
static void test_printa_multi(void)
{
	struct dagg cnt = { .func = AGG_COUNT, .keys = str_i64_keys,
			    .nkeys = 2 };
	struct dagg mx = { .func = AGG_MAX, .keys = str_i64_keys,
			   .nkeys = 2 };
	const struct dagg *aggs[2] = { &cnt, &mx };
	struct key k = { "cat", 42 };
	int64_t c = 3, m[2] = { 2, -5 };
	const void *vals[2] = { &c, m };
	struct agg_entry e = { .key = &k };
	struct fmt *f;
	char err[128];

	CHECK(fmt_parse(&arena, "%s %d %@u %@d %@d|\n", &f, err, 128) == 0);
	sb_reset(&out);
	CHECK_INT(fmt_printa_multi(&out, f, aggs, vals, 2, &e), 0);
	CHECK_STR(sb_str(&out), "cat 42 3 -5 -5|\n");
}

/* aggpercpu: each CPU's value after the entry's */
static void test_percpu(void)
{
	struct dagg agg = { .func = AGG_SUM, .nkeys = 0, .key_size = 4 };
	int64_t v = 10, per[2] = { 4, 6 };
	uint32_t k = 0;
	struct agg_entry e = { .key = &k, .val = &v, .percpu = per,
			       .ncpu = 2 };

	sb_reset(&out);
	fmt_agg_print_entry(&out, &agg, &e);
	CHECK_STR(sb_str(&out), "               10\n"
		  "    [CPU 0]                4\n"
		  "    [CPU 1]                6\n");
}

int main(void)
{
	RUN(test_count_nokey);
	RUN(test_string_key);
	RUN(test_int_keys);
	RUN(test_two_keys);
	RUN(test_values);
	RUN(test_quantize);
	RUN(test_quantize_entry);
	RUN(test_zoom_hist);
	RUN(test_lquantize);
	RUN(test_llquantize);
	RUN(test_sort);
	RUN(test_sort_funcs);
	RUN(test_sort_many);
	RUN(test_printa_format);
	RUN(test_printa_multi);
	RUN(test_percpu);
	sb_free(&out);
	arena_free(&arena);
	return UNIT_DONE();
}
