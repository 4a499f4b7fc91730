#!/usr/bin/env -S dtrace -s
/*
 * opensnoop.d: files opened, with the result, system-wide.
 *
 * Usage: opensnoop.d [NAME]
 *	NAME	only processes named NAME (execname)
 *
 * One line per open(2), openat(2) or openat2(2) that returns: the pid,
 * the process's name, the file descriptor (or -1), the errno (0 when it
 * succeeded) and the path as the process passed it.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%-7s %-16s %4s %3s %s\n", "PID", "COMM", "FD", "ERR", "PATH");
}

syscall::open:entry
/$$1 == "" || execname == $$1/
{
	self->path = arg0;
}

syscall::openat:entry,
syscall::openat2:entry
/$$1 == "" || execname == $$1/
{
	self->path = arg1;
}

syscall::open:return,
syscall::openat:return,
syscall::openat2:return
/self->path/
{
	printf("%-7d %-16s %4d %3d %s\n", pid, execname,
	    (int)arg0 < 0 ? -1 : (int)arg0, (int)arg0 < 0 ? -(int)arg0 : 0,
	    copyinstr(self->path));
	self->path = 0;
}
