s/vmlinux`[A-Za-z0-9_.]*+0x[0-9a-f]*$/vmlinux`FUNC+OFF/
s/^ *[0-9]* *[0-9]* *getppid:entry $/CPU ID getppid:entry /
/perf_/d
