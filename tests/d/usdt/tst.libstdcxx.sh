#!/bin/bash
#
# Probes no one here wrote: libstdc++'s own SDT notes, in a shared
# library of the process: libstdcxx<PID>:libstdc++.so.6:__cxa_throw:throw
# and its catch, named by the library's soname.  arg1 of throw is the
# exception's type_info.
dtrace=$1
"$dtrace" -q -c "$BDT_BUILD/tests/uthrow 2" -n '
libstdcxx$target:::throw,
libstdcxx$target:::catch
{
	printf("%s:%s:%s %s\n", probemod, probefunc, probename,
	       arg1 != 0 ? "typeinfo" : "none");
}
libstdcxx$target:::throw
{
	@throws = count();
}
END
{
	printa("throws %@d\n", @throws);
}' 2> /dev/null
echo "status $?"
