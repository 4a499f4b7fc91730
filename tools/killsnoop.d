#!/usr/bin/env -S dtrace -s
/*
 * killsnoop.d: signals sent with kill(2), tkill(2) and tgkill(2).
 *
 * Usage: killsnoop.d [NAME]
 *	NAME	only senders named NAME (execname)
 *
 * One line per call that returns: the sender's pid and name, the
 * signal, the target pid (or thread id) and the result (0, or -errno).
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%-7s %-16s %4s %-7s %s\n", "PID", "COMM", "SIG", "TPID",
	    "RESULT");
}

syscall::kill:entry,
syscall::tkill:entry
/$$1 == "" || execname == $$1/
{
	self->tpid = (int)arg0;
	self->sig = (int)arg1;
	self->in = 1;
}

syscall::tgkill:entry
/$$1 == "" || execname == $$1/
{
	self->tpid = (int)arg1;
	self->sig = (int)arg2;
	self->in = 1;
}

syscall::kill:return,
syscall::tkill:return,
syscall::tgkill:return
/self->in/
{
	printf("%-7d %-16s %4d %-7d %d\n", pid, execname, self->sig,
	    self->tpid, (int)arg0);
	self->in = 0;
}
