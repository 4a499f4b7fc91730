#!/bin/bash
#
# DTrace's headline names the line its lexer had reached when yacc
# reduced the construct in error: the construct's last token when that
# token completes it (a clause's "}", a translator's final ";"), else the
# token after it (an operator's right operand ends only there); after a
# "/" the lexer has read on to the next non-blank line.  Its lexer's own
# errors: stray closing brackets, a predicate ending inside brackets, a
# newline in a literal (read with the literal), the end of input inside
# a comment.  Without -x errtags the headline has no tag.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

run() {
	printf '%s\n' "$2" > "$dir/$1.d"
	(cd "$dir" && "$dtrace" ${3:--x errtags} -e -s "$1.d" 2>&1 | head -n 1)
}

run pred_scalar 'int a[4];

BEGIN
/a/
{
	exit(0);
}'
run binop_lookahead 'BEGIN
{
	x = 1 &
	    "a"
	    ;
}'
run call_rparen 'BEGIN
{
	trace(strlen(1
	    ));
}'
run translator_semi 'struct in { int i; };
struct out { int o; };
translator struct out < struct in *p >
{
	nosuch = p->i;
}
;'
run slash_nextline 'BEGIN
/1 /
  (0 - "")
/
{
}'
run extra_paren 'BEGIN
{
	trace(1));
}'
run extra_bracket 'BEGIN
{
	x[1]] = 1;
}'
run pred_paren 'BEGIN
/(1/
{
}'
run pred_bracket 'BEGIN
/x[1/
{
}'
run string_nl 'BEGIN
{
	trace("abc
	);
}'
run comment_eof '
/* no end
'
run empty '#pragma D option quiet
'
run no_errtags 'BEGIN
{
	trace(1 - "a");
}' -q
