#!/bin/bash
# make deb's package (pkg/deb/build.sh) for the dtrace under test: its
# control fields and contents (dpkg-deb -I, -c), none of its files
# another package's on this system, lintian's verdict, then
# a real install by dpkg into an empty root of the test's own, where the
# installed dtrace traces BEGIN, the installed execsnoop (its D library
# psinfo.d from the installed /usr/lib/dtrace) sees the test's program,
# and the installed bash completion completes options and probes; then
# dpkg purges the package and nothing of it is left.
# @@timeout: 300
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
deb=$(DEBFULLNAME="bdtrace developers" DEBEMAIL=bdtrace@bdtrace.example \
	pkg/deb/build.sh "$BDT_BUILD" "$tmp" | tail -n 1)
arch=$(dpkg --print-architecture)
case $deb in
"$tmp"/bdtrace_0.1.[0-9]*_"$arch".deb) echo "package: bdtrace_0.1.N_ARCH.deb";;
*) echo "package: unexpected name $deb";;
esac

echo "== dpkg-deb -I"
dpkg-deb -I "$deb" | awk '/^ new Debian package/ ||
	($2 == "bytes," && ($5 == "control" || $5 == "md5sums")) { print $1 == "new" ? $0 : $5 }'
for f in Package Section Priority Maintainer; do
	echo "$f: $(dpkg-deb -f "$deb" "$f")"
done
[ "$(dpkg-deb -f "$deb" Architecture)" = "$arch" ] && echo "Architecture: native"
[ "$(dpkg-deb -f "$deb" Version)" = "0.1.$(git rev-list --count HEAD)" ] &&
	echo "Version: 0.1.COMMITS"
# every dependency has a minimum version, which this system satisfies;
# the C library and the ELF and BPF ones are among them (a sanitizer
# build has more)
dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ //' > "$tmp/deps"
while read -r pkg ge ver; do
	ver=${ver%)}
	have=$(dpkg-query -W -f '${Version}' "$pkg:$arch" 2>/dev/null ||
	       dpkg-query -W -f '${Version}' "$pkg")
	if [ "$ge" != "(>=" ] || ! dpkg --compare-versions "$have" ge "$ver"; then
		echo "Depends: $pkg $ge $ver, have '$have'"
	fi
done < "$tmp/deps"
echo "Depends: $(grep -c . "$tmp/deps" | sed 's/^[0-9]*$/versioned, satisfied/')"
for pkg in libc6 libbpf1 libelf1 libdw1 libcapstone4; do
	grep -q "^$pkg " "$tmp/deps" || echo "Depends: no $pkg"
done

echo "== dpkg-deb -c"
# owner, mode and path; the D libraries and tools as the source tree has them
dpkg-deb -c "$deb" | awk '{ print $1, $2, $6 }' > "$tmp/list"
grep -v -e '/usr/lib/dtrace/.' -e '/usr/share/dtrace/tools/.' "$tmp/list"
libs=$(grep -c '/usr/lib/dtrace/.' "$tmp/list")
tools=$(grep -c '/usr/share/dtrace/tools/.' "$tmp/list")
diff <(sed -n 's|^-rw-r--r-- root/root ./usr/lib/dtrace/||p' "$tmp/list") \
	<(cd lib/dtrace && ls -- *.d) && echo "usr/lib/dtrace: lib/dtrace/*.d, 644"
diff <(sed -n 's|^-rwxr-xr-x root/root ./usr/share/dtrace/tools/||p' "$tmp/list") \
	<(cd tools && ls -- *.d) && echo "usr/share/dtrace/tools: tools/*.d, 755"
[ "$libs" -gt 10 ] && [ "$tools" -ge 15 ] && echo "libraries and tools: present"
# a file another package of this system has would stop dpkg -i
# (systemtap-sdt-dev has /usr/bin/dtrace and its dtrace.1)
sed -n 's|^-[^ ]* [^ ]* \.\(/.*\)|\1|p' "$tmp/list" |
while read -r f; do
	dpkg -S "$f" 2>/dev/null
done | sed 's/^/owned by another package: /'
echo "files of other packages: checked"

echo "== lintian"
lintian "$deb" 2>/dev/null
echo "lintian: $?"

echo "== dpkg --root -i"
r=$tmp/root
mkdir -p "$r/var/lib/dpkg/info" "$r/var/lib/dpkg/updates"
touch "$r/var/lib/dpkg/status"
# the root's database is empty: the libraries are the system's
dpkg --root="$r" --force-depends -i "$deb" > /dev/null 2>&1
echo "dpkg -i: $?"
dpkg --root="$r" -s bdtrace | grep '^Status:'
cmp -s <(zcat "$r/usr/share/man/man8/dtrace.8.gz") "$BDT_BUILD/dtrace.8" &&
	echo "dtrace.8: docs/dtrace.1 as section 8"
head -n 1 "$r/usr/share/dtrace/tools/execsnoop.d"

echo "== the installed dtrace"
"$r/usr/sbin/dtrace" -n 'BEGIN { trace(1); exit(0) }' 2> "$tmp/err" |
	sed -E '2s/^ *[0-9]+ /  N /'
echo "exit: ${PIPESTATUS[0]}"
cat "$tmp/err"
cp /bin/true "$tmp/bdt-debsnoop"
printf '%s\n' "$tmp/bdt-debsnoop" "$tmp/bdt-debsnoop" > "$tmp/run.sh"
"$r/usr/sbin/dtrace" -s "$r/usr/share/dtrace/tools/execsnoop.d" \
	-c "sh $tmp/run.sh" bdt-debsnoop 2> "$tmp/err" |
	awk 'NF == 0 { next } NR == 1 { print; next }
	     { print ($1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/),
	       $4, $5 }'
echo "exit: ${PIPESTATUS[0]}"
cat "$tmp/err"

echo "== bash completion"
PATH=$r/usr/sbin:$PATH bash -c '
	. "$1/usr/share/bash-completion/completions/dtrace"
	complete -p dtrace
	c() {
		COMP_WORDBREAKS=$1; shift
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		COMPREPLY=(); _dtrace
		echo "[$*] ${COMPREPLY[*]}"
	}
	c " " dtrace -x oform
	c " =" dtrace -x oformat=j
	c " " dtrace -x bufpolicy=
	c " " dtrace -l -
	c " " dtrace -n syscall::openat:
	c " " dtrace -n syscal
	c " " dtrace -n dtrace:::BE
	c " " dtrace -n BEG
	c " :" dtrace -n syscall::exit_gr
	c " " dtrace -P sysca
	c " " dtrace -f exit_gr
' sh "$r"

echo "== dpkg --root --purge"
dpkg --root="$r" --purge bdtrace > /dev/null 2>&1
echo "dpkg --purge: $?"
dpkg-query --admindir="$r/var/lib/dpkg" -W bdtrace 2>&1 | sed "s|$r|ROOT|"
find "$r" -mindepth 1 -path "$r/var" -prune -o -print
