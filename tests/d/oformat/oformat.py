#!/usr/bin/env python3
"""oformat.py STYLE [leaves] [--mask KEY]... [--kstack]

Reads what `dtrace -x oformat=STYLE` wrote (stdin), parses it with a real
parser (json, or xml.etree for xml and html), checks it against the
schema of docs/oformat.md and prints a summary for a golden test:

  (json)  one line per probe ("PROBE provider:module:function:name cpu id")
         and one per element of its "output" (the element as JSON), with
         the values of each --mask KEY replaced by "*"; --kstack sums up
         kernel stacks (their frames vary with the kernel) as
         {"stack-frames": "some frames"} after checking every frame
  leaves  the document's leaf values in order, "name=value" a line, from
         the JSON, XML or HTML form alike (STYLE json, xml or html), so
         that a test can check that the three agree

A violation of the schema prints "SCHEMA: ..." and exits 1.
"""
import json
import re
import sys
import time
import xml.etree.ElementTree as ET

PROBE_KEYS = ["timestamp", "cpu", "id", "provider", "module", "function",
              "name"]
DROP_KEYS = ["count", "total", "kind", "msg"]
ERROR_KEYS = ["epid", "probe-id", "probe", "fault", "fault-code", "action",
              "offset", "address", "msg"]
ITEM_KEYS = [{"value"}, {"value", "encoding"}, {"message"},
             {"stack-frames"}, {"ustack-frames"}, {"sym", "object", "name"},
             {"sym", "offset"}, {"mod"}, {"usym"}, {"umod"}, {"uaddr"},
             {"tracemem"}, {"type"},
             {"aggregation-name", "aggregation-data"}]
AGG_VALUES = {"count", "sum", "avg", "min", "max", "stddev", "buckets"}
OPERATORS = {"<", ">=", "<=", "abs() <"}


def fail(msg):
    print("SCHEMA: " + msg)
    sys.exit(1)


def check_frame(f):
    if not set(f) <= {"symbol", "module", "name", "offset"} or \
            "symbol" not in f or "offset" not in f:
        fail("bad frame %r" % f)
    off = int(f["offset"], 16)
    if "name" in f:
        want = "%s`%s" % (f["module"], f["name"])
        if off:
            want += "+0x%x" % off
        if f["symbol"] != want:
            fail("frame symbol %r is not %r" % (f["symbol"], want))
    elif "module" in f:
        if f["symbol"] != "%s`0x%x" % (f["module"], off):
            fail("frame %r" % f)
    elif f["symbol"] != "0x%x" % off:
        fail("frame %r" % f)


def check_datum(d, where):
    if set(d) not in ITEM_KEYS or set(d) == {"message"} or \
            set(d) == {"aggregation-name", "aggregation-data"}:
        fail("bad %s %r" % (where, d))
    for k in ("stack-frames", "ustack-frames"):
        for f in d.get(k, []):
            check_frame(f)
    if "encoding" in d and (d["encoding"] != "hex" or
                            not re.fullmatch("([0-9a-f]{2})*", d["value"])):
        fail("bad hex value %r" % d)


def check_agg(item):
    if not isinstance(item["aggregation-name"], str):
        fail("aggregation-name %r" % item)
    for e in item["aggregation-data"]:
        vals = AGG_VALUES & set(e)
        if len(vals) != 1 or "keys" not in e or \
                not set(e) <= {"keys", "cpus", "message"} | AGG_VALUES:
            fail("aggregation entry %r" % e)
        for k in e["keys"]:
            check_datum(k, "key")
        for b in e.get("buckets", []):
            if not set(b) <= {"value", "count", "operator"} or \
                    not isinstance(b["value"], int) or \
                    not isinstance(b["count"], int) or \
                    b.get("operator", "<") not in OPERATORS:
                fail("bucket %r" % b)


def check_type(lst):
    head = lst[0]
    if list(head)[:4] != ["object-name", "name", "ctfid", "address"]:
        fail("print() head %r" % head)
    for m in lst[1:]:
        if not (set(m) <= {"member-name", "name", "value"} and
                "member-name" in m) and set(m) != {"warning"}:
            fail("print() member %r" % m)


def check_item(item):
    if set(item) not in ITEM_KEYS:
        fail("output element %r" % item)
    if "aggregation-data" in item:
        check_agg(item)
    elif "type" in item:
        check_type(item["type"])
    elif "tracemem" in item:
        if not re.fullmatch("([0-9a-f]{2})*", item["tracemem"]):
            fail("tracemem %r" % item)
    elif "message" not in item:
        check_datum(item, "output element")


def check_probe(p):
    keys = list(p)
    if keys[:7] != PROBE_KEYS:
        fail("probe keys %r" % keys)
    ts = p["timestamp"]
    if not isinstance(ts, float) or abs(ts - time.time()) > 86400:
        fail("timestamp %r" % ts)
    if not isinstance(p["cpu"], int) or p["cpu"] < -1 or \
            not isinstance(p["id"], int):
        fail("cpu or id %r" % p)
    internal = (p["provider"], p["module"], p["function"]) == \
        ("dtrace", "INTERNAL", "INTERNAL")
    if internal and p["name"] == "DROP":
        if keys[7:] != DROP_KEYS:
            fail("drop %r" % p)
    elif internal and p["name"] == "ERROR":
        if keys[7:] != ERROR_KEYS:
            fail("error %r" % p)
    else:
        if keys[7:] != ["output"]:
            fail("probe %r" % keys)
        for item in p["output"]:
            check_item(item)


def mask(x, keys, kstack):
    if isinstance(x, dict):
        if kstack and "stack-frames" in x:
            return {"stack-frames": "%s frames" % (
                "some" if x["stack-frames"] else "no")}
        return {k: "*" if k in keys else mask(v, keys, kstack)
                for k, v in x.items()}
    if isinstance(x, list):
        return [mask(v, keys, kstack) for v in x]
    return x


def leaves_json(x, out):
    if isinstance(x, dict):
        for k, v in x.items():
            if isinstance(v, (dict, list)):
                leaves_json(v, out)
            else:
                out.append((k, v if isinstance(v, str) else json.dumps(v)))
    elif isinstance(x, list):
        for v in x:
            leaves_json(v, out)


def leaves_xml(e, out):
    if len(e) == 0:
        out.append((e.tag, e.text or ""))
    for c in e:
        leaves_xml(c, out)


def main():
    style, leaves = sys.argv[1], False
    masks, kstack = set(), False
    args = sys.argv[2:]
    while args:
        a = args.pop(0)
        if a == "--mask":
            masks.add(args.pop(0))
        elif a == "--kstack":
            kstack = True
        elif a == "leaves":
            leaves = True
    text = sys.stdin.read()
    if style == "json":
        doc = json.loads(text)
        if list(doc) != ["dtrace"] or list(doc["dtrace"]) != ["probes"]:
            fail("document %r" % list(doc))
        for p in doc["dtrace"]["probes"]:
            check_probe(p)
    if leaves:
        out = []
        if style == "json":
            leaves_json(doc, out)
        elif style == "xml":
            root = ET.fromstring(text)
            if root.tag != "dtrace":
                fail("root %r" % root.tag)
            leaves_xml(root, out)
        else:
            root = ET.fromstring("<html>" + text + "</html>")
            for line in root:
                if line.get("class") != "line":
                    fail("html line %r" % line.attrib)
                for d in line:
                    if d.get("class") == "data":
                        out.append((d.get("data-tag"), d.text or ""))
        for k, v in out:
            print("%s=%s" % (k, "*" if k in masks else v))
        return
    for p in doc["dtrace"]["probes"]:
        q = mask(p, masks, kstack)
        print("PROBE %s:%s:%s:%s %s %s" % (q["provider"], q["module"],
              q["function"], q["name"], q["cpu"], q["id"]))
        for k in list(q)[7:]:
            if k != "output":
                print("  %s: %s" % (k, json.dumps(q[k])))
        for item in q.get("output", []):
            print("  " + json.dumps(item))


main()
