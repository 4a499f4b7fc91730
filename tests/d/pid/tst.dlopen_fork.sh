#!/bin/bash
#
# A library the process loads while traced gets its probes when it
# loads, and a child the process forks after that fires them too, as it
# fires the probes found when tracing started: up_lib's entry in the
# parent, then in the child, which calls it again.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
lib=$(cd "$BDT_BUILD/tests" && pwd)/libuprog.so

"$dtrace" -Z -q -c "$prog dlopen $lib fork dlopen $lib" -n '
pid$target:libuprog.so:up_lib:entry
{
	printf("%s %d in the %s\n", probefunc, arg0,
	    pid == $target ? "parent" : "child");
}
pid$target:a.out:main:return
{
	printf("main returns in the %s\n", pid == $target ? "parent" : "child");
}' 2> /dev/null
echo "status $?"
