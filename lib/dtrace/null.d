/*
 * null.d: NULL, the null pointer constant of the Dynamic Tracing Guide's
 * examples ("*(char *)NULL").  As in DTrace, it is an int 0
 * (sizeof (NULL) is 4) that converts to any pointer type.
 * Shipped with bdtrace and loaded before every program.
 */

inline int NULL = 0;
