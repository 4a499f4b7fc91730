/*
 * The running kernel's release, for the few choices that depend on a
 * kernel change no feature test can show (how it filters, what it
 * charges), not on whether a feature is there.
 */
#ifndef BD_KVER_H
#define BD_KVER_H

#include <stdbool.h>

/* Is the running kernel Linux major.minor or later?  false if unknown. */
bool kernel_at_least(int major, int minor);

#endif
