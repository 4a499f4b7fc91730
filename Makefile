# bdtrace: one non-recursive Makefile.
#
#   make            build build/dtrace
#   make deps       install the Debian packages needed to build and test
#   make check      unit tests and golden D tests (as root), against both
#                   the normal build and the ASan/UBSan build, then a batch
#                   of D tests in a Linux 6.1 QEMU guest (tests/vm/)
#   make asan       the build with AddressSanitizer and UBSan, in build-asan/
#   make check-fast the test suite against the normal build only
#   make valgrind   unit tests and D sessions under valgrind's memcheck
#   make fuzz       the front end's libFuzzer target (make fuzz-parse runs it)
#   make bench      benchmarks against bpftrace and hand-written BPF
#   make bench-attach  attaching and detaching every tracepoint
#   make bench-growth  cost per event as clauses, probes and keys grow
#   make bench-stacks  counting by kernel and user stack, against bpftrace
#   make bench-uprobe  user-space probes: firing cost, attaching thousands
#   make bench-vm   fbt attach and detach in the Linux 6.1 guest (tests/vm/)
#   make install    dtrace, its man page, D libraries, tools/ and bash
#                   completion under $(PREFIX)
#   make deb        the Debian package, $(B)/bdtrace_VERSION_ARCH.deb

PREFIX  ?= /usr/local
B       ?= build
CC      ?= cc
PKGS    := libbpf libelf libdw capstone
DEB_DEPS := build-essential pkg-config libbpf-dev libelf-dev libdw-dev \
	    zlib1g-dev linux-libc-dev bpftrace bpftool libcapstone-dev \
	    systemtap-sdt-dev
# the io provider's tests: an ext4 image on a loop device
DEB_DEPS += e2fsprogs util-linux
# DTrace's own test suite (../shared/conformance/run.sh): its scripts run
# gawk and perl (its tests and their .r.p post-processors); without
# gawk the runner skips the tests that need it
DEB_DEPS += gawk perl
# pcap() decodes its packets with tshark when it is installed (its tests
# skip without it); not setuid: bdtrace runs it without privileges
DEB_DEPS += tshark
# the -x oformat tests parse the output with python3's json and XML parsers
DEB_DEPS += python3
# make fuzz: the front end's libFuzzer target
DEB_DEPS += clang libclang-rt-14-dev
# make valgrind: the consumer under memcheck (its header marks what the
# kernel writes)
DEB_DEPS += valgrind
# make deb's test checks the package
DEB_DEPS += lintian
# 32-bit test programs (gcc -m32): usdt/tst.header32
DEB_DEPS += gcc-multilib
# the Linux 6.1 guest of tests/vm/ (skipped when these are missing)
DEB_DEPS += qemu-system-x86 linux-image-amd64 busybox-static cpio

WARN    := -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
	   -Wno-unused-parameter
ifeq ($(CI),true)
WARN    += -Werror
endif
OPT     ?= -O2 -g
CFLAGS  += -std=gnu11 $(OPT) $(WARN) -I$(B)/gen $(SANITIZE) \
	   $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# capstone and libdw are opened when first needed (src/providers/uinsn.c,
# src/lib/dwfl_lazy.c), not linked: loading libdw cost every start ~1 ms
LDLIBS  += $(shell pkg-config --libs $(filter-out capstone libdw,$(PKGS)) 2>/dev/null || echo -lbpf -lelf -lz)
LDFLAGS += $(SANITIZE)

LIB_SRCS := $(wildcard src/lib/*.c src/compile/*.c src/codegen/*.c \
	      src/runtime/*.c src/providers/*.c src/link/*.c)
LIB_OBJS := $(LIB_SRCS:%.c=$(B)/obj/%.o)
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%)
GEN     := $(B)/gen/syscall_table.h

.PHONY: all deb deps conformance-deps fuzz fuzz-d fuzz-expr fuzz-parse valgrind check check-fast unit dtests asan bench bench-attach bench-growth bench-stacks bench-vm bench-uprobe \
	install clean
UPROGS  := $(B)/tests/uprog $(B)/tests/uprog-static $(B)/tests/uprog-stripped \
	   $(B)/tests/libuprog.so $(B)/tests/uthrow
all: $(B)/dtrace $(B)/dtrace.8 $(B)/completion/dtrace $(UNIT_BINS) $(B)/tests/workload $(B)/tests/kwork \
	$(B)/tests/network $(UPROGS)

$(B)/gen/syscall_table.h: Makefile
	@mkdir -p $(@D)
	echo '#include <asm/unistd_64.h>' | $(CC) -E -dM - | \
	  sed -n 's/^#define __NR_\([a-z0-9_]*\) \([0-9]*\)$$/SYSCALL(\1, \2)/p' | \
	  sort -t, -k2 -n > $@.tmp && mv $@.tmp $@

$(B)/obj/%.o: %.c $(GEN)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# the installed D libraries, where dtrace looks when lib/dtrace is not
# beside its directory (src/compile/library.c)
$(B)/obj/src/compile/library.o: CFLAGS += -DBDT_LIBDIR='"$(PREFIX)/lib/dtrace"'

# bash completion, with the -x options of runtime/options.c and their values
$(B)/completion/dtrace: pkg/completion/dtrace pkg/completion/xopts.awk \
			src/runtime/options.c
	@mkdir -p $(@D)
	awk -f pkg/completion/xopts.awk src/runtime/options.c > $@.x
	sed -e "s/@XOPTS@/$$(sed -n 1p $@.x)/" \
	    -e "s/@XVALUES@/$$(sed -n 2p $@.x)/" $< > $@ && rm $@.x

# the man page as installed: dtrace(8), a command of sbin
# (docs/packaging.md)
$(B)/dtrace.8: docs/dtrace.1
	@mkdir -p $(@D)
	sed '1,/^\.TH/s/^\.TH DTRACE 1 \(.*\) "User Commands"$$/.TH DTRACE 8 \1 "System Manager'"'"'s Manual"/' $< > $@

# the Debian package (docs/packaging.md): the same dtrace, which finds
# /usr/lib/dtrace beside /usr/sbin
deb: $(B)/dtrace $(B)/dtrace.8 $(B)/completion/dtrace
	@pkg/deb/build.sh $(B)

$(B)/libbdtrace.a: $(LIB_OBJS)
	rm -f $@ && ar rcs $@ $^

$(B)/dtrace: $(B)/obj/src/cmd/dtrace.o $(B)/libbdtrace.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/tests/%: tests/unit/%.c tests/unit/unit.h $(B)/libbdtrace.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(B)/libbdtrace.a $(LDFLAGS) $(LDLIBS)

# the programs the tests trace are built alike in every build, without
# the sanitizer: LeakSanitizer's own task, cloned at exit, would be a
# process the proc provider sees
TRACEE_CFLAGS = $(filter-out $(SANITIZE),$(CFLAGS))

# frame pointers, so that ustack() walks the workload's own frames
$(B)/tests/workload: tests/workload.c
	@mkdir -p $(@D)
	$(CC) $(TRACEE_CFLAGS) -fno-omit-frame-pointer -o $@ $<

# the programs the user-space tracing tests trace (tests/uprog.c): frame
# pointers for ustack(), -rdynamic so that the stripped copy keeps its
# functions in .dynsym; no sanitizer, whatever the build
UPROG_CFLAGS := -std=gnu11 -O1 -g -fno-omit-frame-pointer $(WARN)
$(B)/tests/uprog: tests/uprog.c
	@mkdir -p $(@D)
	$(CC) $(UPROG_CFLAGS) -rdynamic -pthread -o $@ $< -ldl

$(B)/tests/uprog-static: tests/uprog.c
	@mkdir -p $(@D)
	$(CC) $(UPROG_CFLAGS) -DUPROG_STATIC -static -pthread -o $@ $<

$(B)/tests/uprog-stripped: $(B)/tests/uprog
	strip -o $@ $<

$(B)/tests/uthrow: tests/uthrow.cc
	@mkdir -p $(@D)
	$(CXX) -O1 -g -fno-omit-frame-pointer -Wall -o $@ $<

$(B)/tests/libuprog.so: tests/uproglib.c
	@mkdir -p $(@D)
	$(CC) $(UPROG_CFLAGS) -shared -fPIC -o $@ $<
$(B)/tests/kwork: tests/kwork.c
	@mkdir -p $(@D)
	$(CC) $(TRACEE_CFLAGS) -pthread -o $@ $<

$(B)/tests/network: tests/network.c
	@mkdir -p $(@D)
	$(CC) $(TRACEE_CFLAGS) -o $@ $<

deps:
	apt-get update -q
	echo 'wireshark-common wireshark-common/install-setuid boolean false' | \
		debconf-set-selections
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(DEB_DEPS)

# What DTrace's own suite (../shared/conformance/run.sh) needs beyond
# `make deps` to run its provider tests: a local ssh service on port 22
# (ip and tcp connect to it), ping6, and mkfs.xfs (io/tst.local.sh).  Not in
# `deps`: installing and starting an ssh server is not for every machine
# that builds bdtrace (docs/conformance.md).
CONFORMANCE_DEPS := openssh-server iputils-ping xfsprogs

conformance-deps:
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(CONFORMANCE_DEPS)
	@if ! ss -ltn 2>/dev/null | grep -q ':22 '; then \
		mkdir -p /run/sshd && /usr/sbin/sshd && echo "sshd started on port 22"; \
	fi

unit: $(UNIT_BINS)
	@tests/run-unit.sh $(B)

dtests: all
	@tests/run-d.sh $(B)/dtrace

check: all asan
	@tests/run-all.sh $(B) build-asan

check-fast: all
	@tests/run-all.sh $(B)

valgrind: all
	@tests/valgrind/run.sh $(B)

asan:
	$(MAKE) B=build-asan OPT='-O1 -g -fno-omit-frame-pointer' \
		SANITIZE='-fsanitize=address,undefined -fno-sanitize-recover=undefined'


# The front-end fuzzer (tests/fuzz/fuzz_parse.c): the library built by
# clang in build-fuzz/ with the fuzzer's coverage instrumentation and
# ASan/UBSan, linked with libFuzzer's main.  make fuzz-parse runs it for
# FUZZ_SECONDS on the corpus of tests/fuzz/corpus/ (.ci/run does, for a
# minute).
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_SECONDS ?= 60
fuzz:
	$(MAKE) B=build-fuzz CC=clang OPT='-O1 -g -fno-omit-frame-pointer' \
		SANITIZE='-fsanitize=fuzzer-no-link $(FUZZ_SAN)' \
		build-fuzz/fuzz_parse

fuzz-parse: fuzz
	@tests/fuzz/run_parse.sh build-fuzz/fuzz_parse $(FUZZ_SECONDS)

$(B)/fuzz_parse: tests/fuzz/fuzz_parse.c $(B)/libbdtrace.a
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/libbdtrace.a \
		$(LDFLAGS) $(LDLIBS)

# generated D programs, compiled and run: tests/fuzz/run.sh (.ci/run runs
# seeds 1-200 against the ASan/UBSan build); SEEDS="FIRST COUNT"
fuzz-d: all
	@tests/fuzz/run.sh $(B)/dtrace $(SEEDS)

# integer expressions of mixed types, in D and as C built by cc, compared:
# tests/fuzz/run_expr.sh (.ci/run runs two seeds); SEEDS="FIRST COUNT"
fuzz-expr: all
	@tests/fuzz/run_expr.sh $(B)/dtrace $(SEEDS)

bench: all
	@bench/run.sh $(B)/dtrace
	@echo
	@bench/unprobed.sh $(B)/dtrace
	@echo
	@bench/keys.sh $(B)/dtrace
	@echo
	@bench/aggprint.sh $(B)/dtrace
	@echo
	@bench/aggprinta.sh $(B)/dtrace
	@echo
	@bench/rss.sh $(B)/dtrace

bench-attach: all
	@bench/attach.sh $(B)/dtrace

bench-growth: all
	@bench/growth.sh $(B)/dtrace

bench-stacks: all
	@bench/stacks.sh $(B)/dtrace

bench-vm: all
	@bench/fbt_vm.sh $(B)

bench-uprobe: all
	@bench/uprobe.sh $(B)/dtrace

install: $(B)/dtrace $(B)/dtrace.8 $(B)/completion/dtrace
	install -d $(DESTDIR)$(PREFIX)/sbin $(DESTDIR)$(PREFIX)/share/man/man8
	install -m 755 $(B)/dtrace $(DESTDIR)$(PREFIX)/sbin/dtrace
	install -m 644 $(B)/dtrace.8 $(DESTDIR)$(PREFIX)/share/man/man8/dtrace.8
	install -d $(DESTDIR)$(PREFIX)/lib/dtrace
	install -m 644 lib/dtrace/*.d $(DESTDIR)$(PREFIX)/lib/dtrace/
	install -d $(DESTDIR)$(PREFIX)/share/dtrace/tools
	install -m 755 tools/*.d $(DESTDIR)$(PREFIX)/share/dtrace/tools/
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 644 $(B)/completion/dtrace \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/dtrace

clean:
	rm -rf build build-asan build-fuzz

-include $(LIB_OBJS:.o=.d) $(B)/obj/src/cmd/dtrace.d
