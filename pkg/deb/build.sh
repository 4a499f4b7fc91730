#!/bin/bash
#
# pkg/deb/build.sh B [OUT]: the Debian package of bdtrace, from the
# dtrace, the man page and the bash completion of build directory B
# (make deb builds them first), written to
# OUT/bdtrace_VERSION_ARCH.deb (OUT defaults to B); its path is the last
# line printed.  The installed /usr/sbin/dtrace finds its D libraries in
# /usr/lib/dtrace as every dtrace does, beside its own directory
# (src/compile/library.c), so the build's binary is packaged as it is.
#
# No debhelper: the package is a staged tree (OUT/deb/root) given to
# dpkg-deb.  Its dependencies are the packages of the shared libraries
# dtrace is linked with, at least at the versions it was built against.
# The maintainer is $DEBFULLNAME <$DEBEMAIL>, as for dch(1), else the
# git identity of whoever builds.  docs/packaging.md says more.
#
set -eu
B=$(realpath "$1")
out=$(realpath "${2:-$1}")
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
root=$out/deb/root
rm -rf "$root"
mkdir -p "$root/DEBIAN"

if version=$(git rev-list --count HEAD 2>/dev/null); then
	version=0.1.$version
else
	version=0.1.0
fi
arch=$(dpkg --print-architecture)

# the files
install -D -m 755 "$B/dtrace" "$root/usr/sbin/dtrace"
strip --strip-unneeded --remove-section=.comment --remove-section=.note \
	"$root/usr/sbin/dtrace"
install -d "$root/usr/lib/dtrace" "$root/usr/share/dtrace/tools"
install -m 644 lib/dtrace/*.d "$root/usr/lib/dtrace/"
# the tools run as commands: their "#!/usr/bin/env -S dtrace -s" (which
# finds the dtrace of the source tree's user) names the installed one
for t in tools/*.d; do
	sed '1s|^#!/usr/bin/env -S dtrace |#!/usr/sbin/dtrace |' "$t" \
		> "$root/usr/share/dtrace/tools/${t#tools/}"
	chmod 755 "$root/usr/share/dtrace/tools/${t#tools/}"
done
install -d "$root/usr/share/man/man8"
gzip -9n < "$B/dtrace.8" > "$root/usr/share/man/man8/dtrace.8.gz"
chmod 644 "$root/usr/share/man/man8/dtrace.8.gz"
install -d "$root/usr/share/bash-completion/completions"
install -m 644 "$B/completion/dtrace" "$root/usr/share/bash-completion/completions/"

# the maintainer, in the control file and the changelog
name=${DEBFULLNAME:-$(git config user.name 2>/dev/null || echo "bdtrace developers")}
mail=${DEBEMAIL:-$(git config user.email 2>/dev/null || echo "root@$(hostname)")}
maintainer="$name <$mail>"

# a native package (no Debian revision): changelog.gz, not changelog.Debian.gz
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
doc=$root/usr/share/doc/bdtrace
install -d "$doc"
sed "s/@YEAR@/$(date -u -d @"$epoch" +%Y)/" pkg/deb/copyright > "$doc/copyright"
chmod 644 "$doc/copyright"
printf 'bdtrace (%s) unstable; urgency=medium\n\n  * Built from the bdtrace sources.\n\n -- %s  %s\n' \
	"$version" "$maintainer" "$(date -R -u -d @"$epoch")" |
	gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# the control file: the packages of the libraries dtrace itself needs
# (DT_NEEDED; theirs are their packages' concern) and of capstone and
# libdw, which it opens when first needed (src/providers/uinsn.c,
# src/lib/dwfl_lazy.c), at least as built against
capstone=libcapstone.so.$(pkg-config --modversion capstone | cut -d. -f1)
depends=$({ readelf -d "$B/dtrace" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
	    echo "$capstone"; echo libdw.so.1; } |
	while read -r soname; do
		lib=$(ldd "$B/dtrace" | awk -v s="$soname" '$1 == s { print $3 }')
		[ -n "$lib" ] || lib=$(ldconfig -p |
			awk -v s="$soname" '$1 == s { print $NF; exit }')
		dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")"
	done | cut -d: -f1 | sort -u |
	while read -r pkg; do
		printf '%s (>= %s), ' "$pkg" \
			"$(dpkg-query -W -f '${Version}' "$pkg:$arch" 2>/dev/null ||
			   dpkg-query -W -f '${Version}' "$pkg")"
	done)
depends=${depends%, }
size=$(du -k -s --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" \
	-e "s/@DEPENDS@/$depends/" -e "s|@MAINTAINER@|$maintainer|" \
	pkg/deb/control.in > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) \
	> "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +

deb=$out/bdtrace_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" > /dev/null
echo "$deb"
