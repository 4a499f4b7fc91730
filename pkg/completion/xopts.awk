# xopts.awk src/runtime/options.c: what the bash completion offers after
# -x, from dtrace's own table of options: on the first line the option
# names, on the second "name=value" for each value of an option with a
# fixed set of them (the "static const char *const NAME[] = {...}"
# arrays that the table's OE/OEN/OEC entries name).

# the strings of an array, which may span several lines
/^static const char \*const [a-z_]+\[\] = \{/ {
	arr = $0
	sub(/^static const char \*const /, "", arr)
	sub(/\[.*/, "", arr)
	inarr = 1
}
inarr {
	s = $0
	sub(/^[^{]*\{/, "", s)
	while (match(s, /"[^"]*"/)) {
		vals[arr] = vals[arr] " " substr(s, RSTART + 1, RLENGTH - 2)
		s = substr(s, RSTART + RLENGTH)
	}
	if ($0 ~ /\};/)
		inarr = 0
	next
}
# the table: O*("name", ...), an enumeration's array last; or a
# "{ "name", ... }" entry, whose array starts its second line
/^\tO[A-Z]*\("[a-z]+"/ || /^\t\{ "[a-z]+"/ {
	name = $0
	sub(/^\t[^"]*"/, "", name)
	sub(/".*/, "", name)
	names = names " " name
	if ($0 ~ /^\tOE[NC]?\(/) {
		a = $0
		sub(/\).*/, "", a)
		sub(/.*, */, "", a)
		enums[++nenums] = name " " a
	}
	pending = $0 ~ /^\t\{/ ? name : ""
	next
}
pending != "" {
	a = $0
	sub(/^[ \t]*/, "", a)
	sub(/,.*/, "", a)
	if (a in vals)
		enums[++nenums] = pending " " a
	pending = ""
}
END {
	print substr(names, 2)
	for (e = 1; e <= nenums; e++) {
		split(enums[e], na, " ")
		k = split(vals[na[2]], v, " ")
		for (i = 1; i <= k; i++)
			w = w " " na[1] "=" v[i]
	}
	print substr(w, 2)
}
