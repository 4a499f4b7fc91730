#!/bin/bash
# -x oformat=xml and html: the same document as JSON, in libxo's XML
# (elements, lists as repeated elements) and HTML (a div per line, a
# data div per value).  Each parses (python3's XML parser), and the
# values in order are the JSON's; pretty (",pretty") changes nothing
# but the layout.
# Five sessions and five python3 parsers took over 20 s under load.
# @@timeout: 60
dtrace=$1
script='
BEGIN
{
	trace(1);
	trace("<&>");
	printf("%d\n", 2);
	@["k"] = lquantize(3, 0, 4, 2);
	exit(0);
}'
dir=$(dirname "$0")
tmp=$(mktemp -d)
for style in json xml html json,pretty xml,pretty; do
	"$dtrace" -x oformat=$style -qn "$script" |
		python3 "$dir/oformat.py" "${style%,pretty}" leaves --mask timestamp --mask cpu \
		> "$tmp/$style"
done
for style in xml html json,pretty xml,pretty; do
	cmp "$tmp/json" "$tmp/$style" >&2 ||
		echo "$style differs"
done
cat "$tmp/json"
rm -rf "$tmp"
