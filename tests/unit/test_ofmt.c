/*
 * The structured-output emitter (runtime/ofmt.c): one tree written as
 * JSON (compact and pretty), XML and HTML; strings escaped for each
 * style, control characters and bytes that are not UTF-8 included;
 * numbers, booleans, NaN; the oformat values it accepts.
 */
#include "unit.h"

#include <math.h>

#include "../../src/runtime/ofmt.h"

/* {"dtrace": {"probes": [{"cpu": 1, "name": S, "output": [{"v": -2}]}]}} */
static const char *tree(struct strbuf *sb, enum ofmt_style st, bool pretty,
			const char *name)
{
	struct ofmt o;

	sb_reset(sb);
	ofmt_init(&o, st, pretty, sb);
	ofmt_begin(&o);
	ofmt_open_container(&o, "dtrace");
	ofmt_open_list(&o, "probes");
	ofmt_open_instance(&o, "probes");
	ofmt_int(&o, "cpu", 1);
	ofmt_str(&o, "name", name);
	ofmt_open_list(&o, "output");
	ofmt_open_instance(&o, "output");
	ofmt_int(&o, "v", -2);
	ofmt_close(&o);
	ofmt_close(&o);
	ofmt_close(&o);
	ofmt_end(&o);
	return sb_str(sb);
}

static void test_json(void)
{
	struct strbuf sb = { 0 };

	CHECK_STR(tree(&sb, OFMT_JSON, false, "a"),
		  "{\"dtrace\":{\"probes\":[\n{\"cpu\":1,\"name\":\"a\","
		  "\"output\":[{\"v\":-2}]}]}}\n");
	CHECK_STR(tree(&sb, OFMT_JSON, true, ""),
		  "{\n  \"dtrace\": {\n    \"probes\": [\n      {\n"
		  "        \"cpu\": 1,\n        \"name\": \"\",\n"
		  "        \"output\": [\n          {\n"
		  "            \"v\": -2\n          }\n        ]\n"
		  "      }\n    ]\n  }\n}\n");
	/* quotes, backslash, controls, UTF-8 kept, a stray byte escaped */
	CHECK_STR(tree(&sb, OFMT_JSON, false, "\"\\\t\n\033caf\xc3\xa9\xff"),
		  "{\"dtrace\":{\"probes\":[\n{\"cpu\":1,\"name\":"
		  "\"\\\"\\\\\\t\\n\\u001bcaf\xc3\xa9\\u00ff\","
		  "\"output\":[{\"v\":-2}]}]}}\n");
	sb_free(&sb);
}

static void test_xml_html(void)
{
	struct strbuf sb = { 0 };

	CHECK_STR(tree(&sb, OFMT_XML, false, "<&>\033"),
		  "<?xml version=\"1.0\"?>\n<dtrace>\n<probes><cpu>1</cpu>"
		  "<name>&lt;&amp;&gt;\\033</name><output><v>-2</v></output>"
		  "</probes></dtrace>\n");
	CHECK_STR(tree(&sb, OFMT_XML, true, ""),
		  "<?xml version=\"1.0\"?>\n<dtrace>\n  <probes>\n"
		  "    <cpu>1</cpu>\n    <name/>\n    <output>\n"
		  "      <v>-2</v>\n    </output>\n  </probes>\n</dtrace>\n");
	CHECK_STR(tree(&sb, OFMT_HTML, false, "x"),
		  "<div class=\"line\">\n"
		  "<div class=\"data\" data-tag=\"cpu\">1</div>\n"
		  "<div class=\"text\"> </div>\n"
		  "<div class=\"data\" data-tag=\"name\">x</div>\n</div>\n"
		  "<div class=\"line\">\n"
		  "<div class=\"data\" data-tag=\"v\">-2</div>\n</div>\n");
	sb_free(&sb);
}

static void test_values(void)
{
	struct strbuf sb = { 0 };
	struct ofmt o;

	ofmt_init(&o, OFMT_JSON, false, &sb);
	ofmt_begin(&o);
	ofmt_uint(&o, "u", UINT64_MAX);
	ofmt_bool(&o, "b", true);
	ofmt_double(&o, "d", 1.5);
	ofmt_double(&o, "n", NAN);
	ofmt_strn(&o, "s", "ab\0c", 4);
	ofmt_close_all(&o);
	CHECK_STR(sb_str(&sb), "{\"u\":18446744073709551615,\"b\":true,"
		  "\"d\":1.5,\"n\":\"nan\",\"s\":\"ab\\u0000c\"}\n");
	sb_free(&sb);
}

static void test_parse(void)
{
	enum ofmt_style st;
	bool pretty;

	CHECK(ofmt_parse("json", &st, &pretty) == 0 && st == OFMT_JSON &&
	      !pretty);
	CHECK(ofmt_parse("xml,pretty", &st, &pretty) == 0 &&
	      st == OFMT_XML && pretty);
	CHECK(ofmt_parse("none", &st, &pretty) == 0 && st == OFMT_TEXT);
	CHECK(ofmt_parse("yaml", &st, &pretty) < 0);
	CHECK(ofmt_parse("json,ugly", &st, &pretty) < 0);
}

int main(void)
{
	RUN(test_json);
	RUN(test_xml_html);
	RUN(test_values);
	RUN(test_parse);
	return UNIT_DONE();
}
