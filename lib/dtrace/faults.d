/*
 * faults.d: the kinds of run-time fault, as D inline constants, for the
 * ERROR probe's arg4:
 *	ERROR /arg4 == DTRACEFLT_DIVZERO/ { ... }
 * The values are DTrace's (and the consumer's messages follow them).
 * Shipped with bdtrace and loaded before every program.
 */

inline int DTRACEFLT_UNKNOWN = 0;
inline int DTRACEFLT_BADADDR = 1;
inline int DTRACEFLT_BADALIGN = 2;
inline int DTRACEFLT_ILLOP = 3;
inline int DTRACEFLT_DIVZERO = 4;
inline int DTRACEFLT_NOSCRATCH = 5;
inline int DTRACEFLT_KPRIV = 6;
inline int DTRACEFLT_UPRIV = 7;
inline int DTRACEFLT_TUPOFLOW = 8;
inline int DTRACEFLT_BADSTACK = 9;
inline int DTRACEFLT_BADSIZE = 10;	/* DTrace for Linux's */
inline int DTRACEFLT_BADINDEX = 11;
inline int DTRACEFLT_LIBRARY = 1000;
