#!/bin/bash
#
# qemu-run.sh [-s SMP] [-m MEM] [-t TIMEOUT] -- CMD [ARGS...]: runs CMD, in
# the repository root, inside a QEMU guest booted on Debian's stock kernel
# (the linux-image-amd64 package, Linux 6.1 on Debian 12), so that bdtrace
# is tried on an older kernel and verifier than the host's: no may_goto,
# loops as bpf_loop() callbacks.  The guest is emulated (TCG: the host's
# /dev/kvm cannot run a stock kernel), 10-50x slower than the host.  It
# boots a tiny busybox initramfs that mounts the host's / read-only over
# 9p, fresh proc/sys/dev/tmp/tracefs/bpffs on top and the repository
# read-write at its own path, then runs CMD in a chroot: the freshly built
# build/dtrace and the host's libraries run unchanged.  The initramfs is
# cached in .qemu-test/ (ignored by git) per kernel version.  CMD's output
# arrives on the serial console; its exit status comes back through a
# "GUEST-EXIT=N" line.  Exit status: CMD's; 124 on a timeout; 125 when the
# harness itself fails; 126 when the guest cannot be booted here (no
# qemu, kernel or busybox: the reason is printed, for callers to skip).

set -euo pipefail
SMP=1 MEM=1G TIMEOUT=600
while getopts "s:m:t:" o; do
	case $o in
	s) SMP=$OPTARG ;;
	m) MEM=$OPTARG ;;
	t) TIMEOUT=$OPTARG ;;
	*) exit 125 ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
if [ $# -eq 0 ]; then
	echo "usage: $0 [-s smp] [-m mem] [-t timeout] -- cmd..." >&2
	exit 125
fi

root=$(cd "$(dirname "$0")/../.." && pwd -P)
cd "$root"

# cannot REASON: the guest cannot boot on this machine.
cannot() {
	echo "$1" >&2
	exit 126
}

command -v qemu-system-x86_64 > /dev/null ||
	cannot "no qemu-system-x86_64 (make deps installs qemu-system-x86)"
busybox=$(command -v busybox) ||
	cannot "no busybox (make deps installs busybox-static)"
# the newest Debian kernel package installed (linux-image-amd64 pulls it in)
kpkg=${VM_KPKG:-$(dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' \
	'linux-image-[0-9]*-amd64' 2> /dev/null | awk '$1 == "ii" { print $2 }' |
	sort -V | tail -n 1)}
[ -n "$kpkg" ] ||
	cannot "no Debian kernel package (make deps installs linux-image-amd64)"
kver=${kpkg#linux-image-}
kfiles=$(dpkg -L "$kpkg" 2> /dev/null) || cannot "no kernel package $kpkg"
kimg=$(grep -m1 "/vmlinuz-$kver\$" <<< "$kfiles") ||
	cannot "no kernel image in $kpkg"
[ -r "$kimg" ] || cannot "kernel image $kimg not readable"

cache=${QEMU_TEST_CACHE:-$root/.qemu-test}
mkdir -p "$cache"
# the suffix changes with the init script, so a stale cache is not used
initrd=$cache/initrd-$kver-4.gz
mods="virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev"
mods="$mods virtio_pci netfs fscache 9pnet 9pnet_virtio 9p"

# build_initrd: busybox, the 9p modules and the init script, as a cpio.
build_initrd() {
	local r=$cache/root m f
	rm -rf "$r" && mkdir -p "$r"/{bin,proc,sys,dev,host,mods}
	cp "$busybox" "$r/bin/busybox"
	for m in $mods; do
		f=$(grep -m1 -E "/$m\.ko(\.xz|\.zst)?\$" <<< "$kfiles") ||
			cannot "kernel module $m missing from $kpkg"
		case $f in
		*.ko.xz) xz -dc "$f" > "$r/mods/$m.ko" ;;
		*.ko.zst) zstd -dcq "$f" > "$r/mods/$m.ko" ;;
		*) cp "$f" "$r/mods/$m.ko" ;;
		esac
	done
	# Kernel parameters with '=' that the kernel does not know reach
	# init as environment variables: that is how GUEST_WORKDIR gets in.
	cat > "$r/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
for m in $mods; do insmod /mods/\$m.ko || echo "insmod \$m failed"; done
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=262144 hostroot /host ||
	{ echo GUEST-EXIT=125; poweroff -f; }
for d in proc sys dev; do mount --move /\$d /host/\$d; done
mount -t tmpfs tmp /host/tmp; mount -t tmpfs run /host/run
mkdir -p /host/dev/pts /host/dev/shm
mount -t devpts devpts /host/dev/pts; mount -t tmpfs shm /host/dev/shm
# devtmpfs has no /dev/fd: bash's process substitution needs it
ln -s /proc/self/fd /host/dev/fd; ln -s fd/0 /host/dev/stdin
ln -s fd/1 /host/dev/stdout; ln -s fd/2 /host/dev/stderr
mount -t tracefs nodev /host/sys/kernel/tracing
mount -t debugfs nodev /host/sys/kernel/debug
mount -t securityfs none /host/sys/kernel/security
mount -t bpf bpf /host/sys/fs/bpf
# modules the kernel asks for (a file system type at mount(2)) come from
# the host's tree, by a helper run in this root (the chroot below is only
# the command's); loop has no device node to ask for it by: loaded here
echo /bin/modprobe-host > /host/proc/sys/kernel/modprobe
/bin/modprobe-host loop || echo "modprobe loop failed"
# loopback up, for the network providers' tests (127.0.0.1 and ::1)
ip link set lo up
# a work directory under /tmp (a clean clone in CI) is on the guest's tmpfs
mkdir -p "/host\$GUEST_WORKDIR"
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 work "/host\$GUEST_WORKDIR" ||
	{ echo GUEST-EXIT=125; poweroff -f; }
echo; echo "GUEST-READY uptime=\$(cut -d' ' -f1 /host/proc/uptime)"
chroot /host /bin/sh -c "cd \"\$GUEST_WORKDIR\" && exec /bin/bash \"\$GUEST_CMD\""
echo "GUEST-EXIT=\$?"
poweroff -f
EOF
	chmod +x "$r/init"
	printf '#!/bin/busybox sh\nexec chroot /host /sbin/modprobe "$@"\n' \
		> "$r/bin/modprobe-host"
	chmod +x "$r/bin/modprobe-host"
	(cd "$r" && find . | cpio -o -H newc --quiet | gzip -1) > "$initrd.tmp"
	mv "$initrd.tmp" "$initrd"
	rm -rf "$r"
}
[ -s "$initrd" ] || build_initrd

# The command, its arguments quoted, in a file of its own: several runs
# may share the cache.
cmdfile=$(mktemp "$cache/cmd.XXXXXX")
log=$(mktemp "$cache/console.XXXXXX")
trap 'rm -f "$cmdfile" "$log"' EXIT
{
	echo 'export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
	printf '%q ' "$@"
	echo
} > "$cmdfile"

# Without multidevs=remap qemu warns of file-ID collisions: the host's /
# spans several devices.  No 5-level paging (la57), as on most machines:
# tests expect kernel addresses of the 0xffff... form.
set +e
timeout "$TIMEOUT" qemu-system-x86_64 -accel tcg -cpu max,la57=off -smp "$SMP" \
	-m "$MEM" -nographic -no-reboot -kernel "$kimg" -initrd "$initrd" \
	-virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
	-virtfs local,path="$root",mount_tag=work,security_model=none,multidevs=remap \
	-append "console=ttyS0 panic=-1 quiet GUEST_WORKDIR=$root GUEST_CMD=$cmdfile" \
	< /dev/null 2>&1 |
	sed -u -e 's/\x1b\[[0-9;?]*[a-zA-Z]//g' -e 's/\x1bc//g' -e 's/\r$//' |
	tee "$log" |
	grep --line-buffered -v -E '^(SeaBIOS|iPXE|Press Ctrl|Booting from ROM|$)'
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" = 124 ]; then
	echo "qemu: timed out after ${TIMEOUT}s" >&2
	exit 124
fi
ex=$(sed -n 's/.*GUEST-EXIT=\([0-9]*\).*/\1/p' "$log" | tail -n 1)
if [ -z "$ex" ]; then
	echo "qemu: the guest did not report an exit status (qemu status $rc)" >&2
	exit 125
fi
exit "$ex"
