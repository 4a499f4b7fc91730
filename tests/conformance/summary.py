#!/usr/bin/env python3
"""Group a conformance run's results by part of the language.

DTrace's own test suite (Oracle's dtrace-utils, run by
../shared/conformance/run.sh) reports per directory; docs/conformance.md
tracks four parts of it, as the project's issues do: the D language, its
output and command line, the kernel providers, and user-space tracing.
Usage: summary.py RESULTS.json [--failures PART | --tables]
(--tables: the per-directory tables of docs/conformance.md, in Markdown.)
"""
import collections
import json
import os
import re
import sys

# The first pattern that matches a test's path names its part.
PARTS = [
    ("user space", r"^unittest/(pid|usdt|ustack)/|^demo/user/"),
    ("kernel providers",
     r"^unittest/(io|ip|lockstat|mib|pcap|proc|profile-n|providers|sched|"
     r"sdt|stability|syscall|tcp|tick-n|udp|probes|fbtprovider|noresolve)/"
     r"|^demo/(io|ip|lockstat|proc|profile|sched|sdt|fbt|sysinfo|vminfo)/"),
    ("output",
     r"^unittest/(actions|aggs|buffering|drops|funcs|lquantize|multiaggs|"
     r"options|print|printa|printf|rates|speculation|stack|trace|tracemem|"
     r"dtrace-util|consumer)/|^demo/(act|buf|out|spec|dtrace|script|intro|"
     r"dt_test|struct|vars|builtin)/"),
    ("language", r"^unittest/"),
]


def part_of(path):
    path = re.sub(r"^test/", "", path)
    for name, pat in PARTS:
        if re.search(pat, path):
            return name
    return "other"


def passed(verdict):
    return verdict in ("PASS", "XFAIL-PASS")


def tables(res):
    """One table per part, one row per directory, as the runner counts."""
    dirs = collections.defaultdict(collections.Counter)
    for r in res:
        d = os.path.dirname(re.sub(r"^test/", "", r["path"]))
        v = r["verdict"]
        dirs[d]["skip" if v == "SKIP" else "pass" if passed(v) else "fail"] += 1
    titles = {"user space": "User space", "kernel providers": "Kernel providers",
              "output": "Output", "language": "Language", "other": "Other"}
    for name, _ in PARTS + [("other", "")]:
        rows = [d for d in sorted(dirs) if part_of(d + "/") == name]
        if not rows:
            continue
        print(f"### {titles[name]}\n")
        print("| directory | passed | failed | skipped |\n|---|---|---|---|")
        for d in rows:
            c = dirs[d]
            print(f"| {d} | {c['pass']} | {c['fail']} | {c['skip']} |")
        print()


def main():
    res = json.load(open(sys.argv[1]))
    if sys.argv[2:3] == ["--tables"]:
        tables(res)
        return
    want = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--failures" else None
    tot = {}
    for r in res:
        part = part_of(r["path"])
        if want is not None:
            if part == want and r["verdict"] in ("FAIL", "XFAIL-FAIL"):
                print(r["path"])
            continue
        if r["verdict"] == "SKIP":
            continue
        p, n = tot.get(part, (0, 0))
        ok = passed(r["verdict"])
        tot[part] = (p + ok, n + 1)
    if want is not None:
        return
    allp = alln = 0
    for name, _ in PARTS + [("other", "")]:
        if name in tot:
            p, n = tot[name]
            allp += p
            alln += n
            print(f"{name}: {p} / {n} ({100.0 * p / n:.1f}%)")
    print(f"all that run: {allp} / {alln} ({100.0 * allp / alln:.1f}%)")


if __name__ == "__main__":
    main()
