#!/bin/bash
#
# BDT_READY_FD: "ready" is written once tracing is active (after BEGIN's
# output), and neither the variable nor the descriptor reaches the -c
# command.
dtrace=$1
tmp=$(mktemp -d)
cat > "$tmp/cmd" <<'EOF2'
#!/bin/sh
echo "command: BDT_READY_FD ${BDT_READY_FD:-unset}, descriptor 3 $([ -e /dev/fd/3 ] && echo open || echo closed)"
EOF2
chmod +x "$tmp/cmd"
BDT_READY_FD=3 "$dtrace" -q -n 'BEGIN { printf("begin\n"); }' \
	-c "$tmp/cmd" 3> "$tmp/ready"
echo "status $?"
cat "$tmp/ready"
# a value that is no open descriptor is ignored
BDT_READY_FD=77 "$dtrace" -q -n 'BEGIN { printf("begin\n"); exit(0); }'
echo "status $?"
rm -rf "$tmp"
