/*
 * dtrace -h: a C header for the probes of "provider" definitions, so
 * that a program can place them.  As DTrace's, it has a PROVIDER_PROBE()
 * macro and a PROVIDER_PROBE_ENABLED() test per probe.  On Linux a probe
 * is a SystemTap SDT note (.note.stapsdt), the form every USDT tracer
 * reads: the macro is a nop with a note giving its address and where
 * each argument is ("-4@%edi"), written by the compiler itself through
 * asm operands, so the header needs no <sys/sdt.h> (nor DTrace's, which
 * a program's include path may hold instead).  The is-enabled test reads
 * the probe's semaphore, which the header defines (weak and hidden, in
 * ".probes"), and which the kernel raises while the probe is traced; so
 * the program needs no object from dtrace -G, though -G still works.
 * The header also embeds the provider's definition as a note (in a
 * comdat group, once per program), from which dtrace types args[].  A
 * D probe name's "__" is its "-" (query__start is query-start): the
 * macro uses "_", the note keeps the name as written, as sys/sdt.h
 * users expect.
 */
#include "header.h"

#include <string.h>

#include "provdef.h"

/* the helper macros, shared by every header dtrace -h writes */
static const char header_helpers[] =
	"#ifndef\t_DTRACE_SDT_NOTE\n"
	"/* a note's addresses are pointer-sized (gcc -m32: 4 bytes) */\n"
	"#if defined(__LP64__) || defined(_LP64)\n"
	"#define\t_DTRACE_SDT_ADDR \".8byte \"\n"
	"#else\n"
	"#define\t_DTRACE_SDT_ADDR \".4byte \"\n"
	"#endif\n"
	"#define\t_DTRACE_SDT_NOTE(prov, name, sema, args) \\\n"
	"\t\"990:\tnop\\n\" \\\n"
	"\t\".pushsection .note.stapsdt,\\\"?\\\",\\\"note\\\"\\n\" \\\n"
	"\t\".balign 4\\n\" \\\n"
	"\t\".4byte 992f-991f, 994f-993f, 3\\n\" \\\n"
	"\t\"991:\t.asciz \\\"stapsdt\\\"\\n\" \\\n"
	"\t\"992:\t.balign 4\\n\" \\\n"
	"\t\"993:\t\" _DTRACE_SDT_ADDR \"990b\\n\" \\\n"
	"\t_DTRACE_SDT_ADDR \"_.stapsdt.base\\n\" \\\n"
	"\t_DTRACE_SDT_ADDR sema \"\\n\" \\\n"
	"\t\".asciz \\\"\" prov \"\\\"\\n\" \\\n"
	"\t\".asciz \\\"\" name \"\\\"\\n\" \\\n"
	"\t\".asciz \\\"\" args \"\\\"\\n\" \\\n"
	"\t\"994:\t.balign 4\\n\" \\\n"
	"\t\".popsection\\n\" \\\n"
	"\t\".ifndef _.stapsdt.base\\n\" \\\n"
	"\t\".pushsection .stapsdt.base,\\\"aG\\\",\\\"progbits\\\",.stapsdt.base,comdat\\n\" \\\n"
	"\t\".weak _.stapsdt.base\\n\" \\\n"
	"\t\".hidden _.stapsdt.base\\n\" \\\n"
	"\t\"_.stapsdt.base:\t.space 1\\n\" \\\n"
	"\t\".size _.stapsdt.base, 1\\n\" \\\n"
	"\t\".popsection\\n\" \\\n"
	"\t\".endif\\n\"\n"
	"/* an argument's size, negative when unsigned: printed with %n */\n"
	"#define\t_DTRACE_SDT_SIZE(is_signed, type) \\\n"
	"\t((is_signed) ? (int)sizeof (type) : -(int)sizeof (type))\n"
	"#define\t_DTRACE_SDT_ENABLED(sema) \\\n"
	"\t__builtin_expect(*(volatile unsigned short *)&(sema) != 0, 0)\n"
	"#endif\n\n";

static void probe_macros(struct strbuf *sb, const struct provdef *pd,
			 const struct provdef_probe *pp)
{
	struct strbuf mac = { 0 };

	provdef_upper(&mac, pd->name, false);
	sb_addc(&mac, '_');
	provdef_upper(&mac, pp->name, true);
	sb_printf(sb, "#define\t%s(", sb_str(&mac));
	for (int i = 0; i < pp->nnative; i++)
		sb_printf(sb, "%sarg%d", i ? ", " : "", i);
	sb_printf(sb, ") \\\n\t__asm__ __volatile__(_DTRACE_SDT_NOTE(\"%s\", "
		  "\"%s\", \"%s_%s_semaphore\", \"", pd->name, pp->name,
		  pd->name, pp->name);
	for (int i = 0; i < pp->nnative; i++)
		sb_printf(sb, "%s%%n%d@%%%d", i ? " " : "", 2 * i, 2 * i + 1);
	sb_adds(sb, "\")");
	for (int i = 0; i < pp->nnative; i++)
		sb_printf(sb, " \\\n\t    %s \"n\" (_DTRACE_SDT_SIZE(%d, %s)), "
			  "\"nor\" ((%s)(arg%d))", i ? "," : ": :",
			  pp->native[i].is_signed, pp->native[i].ctype,
			  pp->native[i].ctype, i);
	sb_adds(sb, ")\n");
	sb_printf(sb, "#define\t%s_ENABLED() \\\n\t_DTRACE_SDT_ENABLED(%s_%s_semaphore)\n",
		  sb_str(&mac), pd->name, pp->name);
	sb_printf(sb, "__extension__ unsigned short %s_%s_semaphore\n"
		  "\t__attribute__((weak, unused, section(\".probes\"), "
		  "visibility(\"hidden\")));\n\n", pd->name, pp->name);
	sb_free(&mac);
}

/*
 * The provider's definition as a note (owner "dtrace", type 1) in a
 * comdat group named after it: one copy in the program however many of
 * its files include the header.
 */
static void provider_note(struct strbuf *sb, const struct provdef *pd)
{
	struct strbuf as = { 0 };
	const char *line = NULL;

	provdef_note_asm(pd, &as);
	sb_adds(sb, "__asm__(");
	for (const char *s = sb_str(&as); *s; s++) {
		if (!line) {
			sb_adds(sb, s == sb_str(&as) ? "\"" : "\n\t\"");
			line = s;
		}
		if (*s == '\n') {
			sb_adds(sb, "\\n\"");
			line = NULL;
		} else if (*s == '"' || *s == '\\') {
			sb_printf(sb, "\\%c", *s);
		} else {
			sb_addc(sb, *s);
		}
	}
	sb_adds(sb, ");\n\n");
	sb_free(&as);
}

int header_generate(struct arena *a, const struct source *srcs, int nsrcs,
		    const char *outname, struct strbuf *sb, struct diag *d)
{
	const char *base = strrchr(outname, '/');
	struct strbuf guard = { 0 };
	struct provdef *defs;

	if (provdef_collect(a, srcs, nsrcs, &defs, d) < 0)
		return -1;
	base = base ? base + 1 : outname;
	sb_addc(&guard, '_');
	provdef_upper(&guard, base, false);
	sb_printf(sb, "/*\n * Generated by dtrace(1M).\n */\n\n"
		  "#ifndef\t%s\n#define\t%s\n\n"
		  "#include <stdint.h>\n#include <unistd.h>\n\n"
		  "#ifdef\t__cplusplus\nextern \"C\" {\n#endif\n\n",
		  sb_str(&guard), sb_str(&guard));
	sb_adds(sb, header_helpers);
	for (const struct provdef *pd = defs; pd; pd = pd->next) {
		sb_printf(sb, "/* provider %s */\n\n", pd->name);
		provider_note(sb, pd);
		for (int i = 0; i < pd->nprobes; i++)
			probe_macros(sb, pd, &pd->probes[i]);
	}
	sb_printf(sb, "#ifdef\t__cplusplus\n}\n#endif\n\n#endif\t/* %s */\n",
		  sb_str(&guard));
	sb_free(&guard);
	return 0;
}
