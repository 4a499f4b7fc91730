# dtgo.sh: sourced by shell tests that start a program once a dtrace in
# the background traces (its probes attached, BEGIN fired).
#
#   dtgo_begin DIR   a BEGIN clause, for the D script, that creates DIR/go
#                    (needs -w)
#   dtgo_wait DIR    wait until it has (10 s at most), and remove it

dtgo_begin() {
	printf 'BEGIN\n{\n\tsystem("touch %s/go");\n}\n' "$1"
}

dtgo_wait() {
	local i
	for i in $(seq 200); do
		[ -e "$1/go" ] && break
		sleep 0.05
	done
	rm -f "$1/go"
}
