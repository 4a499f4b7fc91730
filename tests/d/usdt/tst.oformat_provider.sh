#!/bin/bash
#
# Structured output (-x oformat=json): a firing's "provider" is the
# firing process's, as probeprov is, for pid and USDT probes found
# through a file (pid*:ex::, exprov*:::, which programs over every
# process serve): the -c shell script's commands, started while tracing,
# each give their own (pid<PID>, exprov<PID>), not the first process's.
dtrace=$1
. "$(dirname "$0")/exprov.sh"
exprov_setup
cat > run.sh <<SH
#!/bin/sh
$dir/ex 1
$dir/ex 2
exec $dir/ex 3
SH
chmod +x run.sh
"$dtrace" -x oformat=json -qZ -c ./run.sh -n '
pid*:ex:main:entry, exprov*:::go
{
	trace(probeprov);
	trace(pid);
}' > out.json
echo "status $?"
python3 - out.json <<'PY'
import json, re, sys
probes = json.load(open(sys.argv[1]))["dtrace"]["probes"]
seen = set()
for p in probes:
	prov, pid = p["output"][0]["value"], p["output"][1]["value"]
	stem = re.sub(r"[0-9]+$", "", p["provider"])
	seen.add(pid)
	print(stem, p["name"], "provider is probeprov" if p["provider"] == prov
	      else "provider %s, probeprov %s" % (p["provider"], prov),
	      "and names the firing process" if prov == stem + str(pid)
	      else "(not the firing process)")
print(len(seen), "processes")
PY
