/*
 * Privileges: whether this process may trace at all.  DTrace refuses to
 * start without them ("failed to initialize dtrace: DTrace requires
 * additional privileges", exit 1) before compiling anything, creating a
 * -c command or grabbing a -p one; bdtrace checks the same way, up
 * front, rather than failing half-way through with EPERM from bpf(2).
 */
#ifndef BD_PRIVS_H
#define BD_PRIVS_H

#include <stdbool.h>

/*
 * Does the effective capability set allow loading and attaching BPF
 * programs: CAP_SYS_ADMIN, or CAP_BPF with CAP_PERFMON (Linux 5.8)?
 */
bool privs_can_trace(void);

#endif
