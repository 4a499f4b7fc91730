#ifndef BDT_READY_H
#define BDT_READY_H

/*
 * The readiness notice: when the environment names a file descriptor in
 * BDT_READY_FD, "ready" is written to it once every probe is attached,
 * BEGIN has fired and tracing is active (a test runner starts a
 * workload then, and none of its events can be missed).  DTrace has no
 * such notice; "matched N probes" comes before the probes are attached.
 */

/* At start-up: take BDT_READY_FD out of the environment and mark the
 * descriptor close-on-exec, so that no -c command or system() sees it. */
void ready_init(void);

/* Once tracing is active: write the notice and close the descriptor. */
void ready_notify(void);

#endif
