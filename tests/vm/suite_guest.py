"""suite_guest.py RUNNER ARGS...: DTrace's test suite runner (RUNNER, the
conformance.py of ../shared/conformance/) run with ARGS, as
tests/vm/conformance.sh runs it in the guest: the runner skips every test
that names fbt, since the development machines cannot trace kernel
functions; the guest can, so here they run and are judged like the others.
The runner is outside the repository: if its pattern for those tests is
not found, it runs unchanged (they stay skipped), and says so."""
import os
import re
import sys

runner = os.path.abspath(sys.argv[1])
sys.argv = [runner] + sys.argv[2:]
sys.path.insert(0, os.path.dirname(runner))
import conformance  # noqa: E402  (found through the path set just above)

if hasattr(conformance, "KPROBE_RE"):
    conformance.KPROBE_RE = re.compile(rb"(?!)")     # matches nothing
else:
    print("suite_guest.py: the runner has no KPROBE_RE: fbt tests stay skipped",
          file=sys.stderr)
sys.exit(conformance.Runner(conformance.parse_args()).main())
