/*
 * Semantic analysis of speculation (speculation(), speculate(),
 * commit(), discard()) and of the destructive actions (raise(), stop(),
 * system(), freopen(), ftruncate(), chill(), panic(), breakpoint(),
 * copyout(), copyoutstr()).  Besides prototypes, it enforces DTrace's
 * rules on the order of a clause's actions (libdtrace's dt_stmt_append):
 * speculate() comes before any data is recorded and at most once,
 * nothing that records data comes with commit(), and neither
 * aggregations, exit() nor destructive actions follow speculate().
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <bpf/bpf.h>
#include <unistd.h>

#include "sema_impl.h"
#include "subr.h"

/* printf-like actions (system, freopen): a format string constant. */
static int fmt_args(struct sema *s, struct node *call)
{
	/* "." is DTrace's own "restore stdout" sentinel for freopen() */
	if (call->args->kind == NK_STRING && strcmp(call->name, "freopen") == 0 &&
	    strcmp(call->args->sval, ".") == 0) {
		diag_error(s->diag, call->loc, D_FREOPEN_INVALID,
			   "%s( ) argument #1 cannot be \"%s\"", call->name, ".");
		return -1;
	}
	if (call->args->kind == NK_STRING)
		return 0;
	diag_error(s->diag, call->args->loc, D_PRINTF_ARG_FMT,
		   "%s( ) argument #1 is incompatible with prototype:\n"
		   "\tprototype: string constant\n\t argument: %s",
		   call->name, type_name(s->a, call->args->type));
	return -1;
}

/*
 * bpf_probe_write_user(), which copyout() needs, is refused by the
 * kernel under lockdown (integrity or confidentiality).
 */
static bool locked_down(char *mode, size_t size)
{
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");
	char buf[128] = "";
	const char *l, *r;

	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	l = strchr(buf, '[');
	r = l ? strchr(l, ']') : NULL;
	if (!l || !r || strncmp(l + 1, "none]", 5) == 0)
		return false;
	snprintf(mode, size, "%.*s", (int)(r - l - 1), l + 1);
	return true;
}

/*
 * Does the kernel give tracing programs bpf_probe_write_user()?  It
 * does not under lockdown, or where the kernel's policy leaves it out
 * without saying so in securityfs (asked once, by loading a program).
 */
static bool kernel_writes_user(void)
{
	static int known = -1;
	/* probe_write_user(NULL, fp - 8, 8); return 0 (libbpf's helper
	 * probe takes the refusal's wording for support) */
	const struct bpf_insn prog[] = {
		{ .code = BPF_ST | BPF_MEM | BPF_DW, .dst_reg = BPF_REG_10,
		  .off = -8 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_1 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = BPF_REG_2,
		  .src_reg = BPF_REG_10 },
		{ .code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = BPF_REG_2,
		  .imm = -8 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_3,
		  .imm = 8 },
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_probe_write_user },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	if (known < 0) {
		int fd = bpf_prog_load(BPF_PROG_TYPE_TRACEPOINT, NULL, "GPL",
				       prog, sizeof(prog) / sizeof(prog[0]),
				       NULL);

		known = fd >= 0;
		if (fd >= 0)
			close(fd);
	}
	return known;
}

/* n is an action this system cannot take, for the reason why */
static void refuse(struct sema *s, const struct node *n, const char *why)
{
	sema_late_error(s, n->loc, D_UNSUPPORTED, "%s", why);
}

bool sema_spec_call(struct sema *s, struct node *n, int *rc)
{
	char mode[64];

	if (strcmp(n->name, "speculation") == 0) {
		*rc = sema_args(s, n);
		n->type = &s->types->t_int;
		return true;
	}
	if (strcmp(n->name, "copyout") != 0 &&
	    strcmp(n->name, "copyoutstr") != 0)
		return false;
	if (sema_args(s, n) < 0) {	/* DTrace checks first */
		*rc = -1;
		return true;
	}
	if (locked_down(mode, sizeof(mode)))
		refuse(s, n, arena_printf(s->a, "%s( ) is not available: the "
					  "kernel is locked down (%s), which "
					  "forbids BPF programs to write user "
					  "memory", n->name, mode));
	else if (!kernel_writes_user())
		refuse(s, n, arena_printf(s->a, "%s( ) is not available: this "
					  "kernel does not let BPF programs "
					  "write user memory "
					  "(bpf_probe_write_user)", n->name));
	else
		refuse(s, n, arena_printf(s->a, "%s( ) is not supported yet",
					  n->name));
	n->type = &s->types->t_void;
	*rc = 0;
	return true;
}

int sema_spec_action(struct sema *s, struct node *call, enum dfunc f)
{
	if (sema_args(s, call) < 0)
		return -1;
	switch (f) {
	case DF_SPECULATE: case DF_COMMIT: case DF_DISCARD: case DF_RAISE:
	case DF_CHILL: case DF_STOP: case DF_FTRUNCATE:
		return 0;
	case DF_PANIC: case DF_BREAKPOINT:
		refuse(s, call, arena_printf(s->a,
			"%s( ) is not available: a BPF program may not %s",
			call->name, f == DF_PANIC ? "panic the kernel" :
			"stop the kernel in a debugger"));
		return 0;
	case DF_SYSTEM: case DF_FREOPEN:
		return fmt_args(s, call);
	default:
		return -1;
	}
}

/* What a statement is, for the ordering rules. */
enum act_class {
	AC_NONE,	/* records nothing: assignments, void calls */
	AC_DREC,	/* records data: printf, trace, printa, stack ... */
	AC_EXIT,
	AC_AGG,
	AC_DESTR,	/* destructive */
	AC_SPEC, AC_COMMIT, AC_DISCARD,
};

static enum act_class classify(const struct node *st)
{
	const struct node *e = st->lhs;

	if (sema_is_agg_assign(e))
		return AC_AGG;
	if (e->kind != NK_CALL)
		return AC_NONE;
	if (strcmp(e->name, "copyout") == 0 || strcmp(e->name, "copyoutstr") == 0)
		return AC_DESTR;
	switch (sema_func(e->name)) {
	case DF_NONE:
		return AC_NONE;
	case DF_EXIT:
		return AC_EXIT;
	case DF_SPECULATE:
		return AC_SPEC;
	case DF_COMMIT:
		return AC_COMMIT;
	case DF_DISCARD:
		return AC_DISCARD;
	case DF_RAISE: case DF_STOP: case DF_SYSTEM: case DF_CHILL:
	case DF_FREOPEN: case DF_PANIC: case DF_BREAKPOINT:
		return AC_DESTR;
	default:
		return AC_DREC;
	}
}

struct spec_walk {
	bool speculate, commit, datarec;
};

static int spec_err(struct sema *s, const struct node *n, enum dtag tag,
		    const char *msg)
{
	diag_error(s->diag, n->loc, tag, "%s", msg);
	return -1;
}

/* One statement against those before it (dt_stmt_append's rules). */
static int spec_check(struct sema *s, struct spec_walk *w,
		      const struct node *n, enum act_class c)
{
	switch (c) {
	case AC_COMMIT:
		/* several commits in a clause are fine (DTrace for Linux) */
		if (w->datarec)
			return spec_err(s, n, D_COMM_DREC, "commit( ) may not follow data-recording action(s)");
		w->commit = true;
		return 0;
	case AC_SPEC:
		if (w->speculate)
			return spec_err(s, n, D_SPEC_SPEC, "speculate( ) may not follow speculate( )");
		if (w->commit)
			return spec_err(s, n, D_SPEC_COMM, "speculate( ) may not follow commit( )");
		if (w->datarec)
			return spec_err(s, n, D_SPEC_DREC, "speculate( ) may not follow data-recording action(s)");
		w->speculate = true;
		return 0;
	case AC_AGG:
		if (w->speculate)
			return spec_err(s, n, D_AGG_SPEC, "aggregating actions may not follow speculate( )");
		if (w->commit)
			return spec_err(s, n, D_AGG_COMM, "aggregating actions may not follow commit( )");
		w->datarec = true;
		return 0;
	default:
		break;
	}
	if (w->speculate && c == AC_DESTR)
		return spec_err(s, n, D_ACT_SPEC, "destructive actions may not follow speculate( )");
	if (w->speculate && c == AC_EXIT)
		return spec_err(s, n, D_EXIT_SPEC, "exit( ) may not follow speculate( )");
	if (c == AC_NONE || c == AC_DESTR || c == AC_DISCARD)
		return 0;
	if (w->commit)
		return spec_err(s, n, D_DREC_COMM, "data-recording actions may not follow commit( )");
	if (!w->speculate)
		w->datarec = true;
	return 0;
}

/* Walk the statements up to the one at offset limit (-1: all). */
static int spec_walk_stmts(struct sema *s, struct spec_walk *w,
			   const struct node *st, int limit)
{
	for (; st && (limit < 0 || st->loc.off <= limit); st = st->next) {
		switch (st->kind) {
		case NK_BLOCK:
			if (spec_walk_stmts(s, w, st->body, limit) < 0)
				return -1;
			break;
		case NK_IF:
			/* both branches, as if in sequence: conservative */
			if (spec_walk_stmts(s, w, st->then, limit) < 0 ||
			    (st->els &&
			     spec_walk_stmts(s, w, st->els, limit) < 0))
				return -1;
			break;
		case NK_EXPR_STMT: {
			enum act_class c = classify(st);

			/* -w is needed even if no probe enables the clause */
			if (c == AC_DESTR)
				s->destructive = true;
			if (spec_check(s, w, st->lhs, c) < 0)
				return -1;
			break;
		}
		default:
			break;
		}
	}
	return 0;
}

void sema_late_error(struct sema *s, struct srcloc loc, enum dtag tag,
		     const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	if (s->late.set)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	s->late.set = true;
	s->late.tag = tag;
	s->late.loc = loc;
	s->late.stmt_off = s->stmt ? s->stmt->loc.off : loc.off;
	s->late.msg = arena_strdup(s->a, msg);
}

/*
 * The checks DTrace makes as it generates the clause's code, statement
 * by statement: the ordering rules of speculations up to the statement
 * of the first late error, then that error.
 */
int sema_spec_clause(struct sema *s, struct node *clause)
{
	struct spec_walk w = { 0 };
	bool late = s->late.set;

	s->late.set = false;
	if (spec_walk_stmts(s, &w, clause->body,
			    late ? s->late.stmt_off : -1) < 0)
		return -1;
	if (late) {
		diag_error(s->diag, s->late.loc, s->late.tag, "%s",
			   s->late.msg);
		return -1;
	}
	return 0;
}
