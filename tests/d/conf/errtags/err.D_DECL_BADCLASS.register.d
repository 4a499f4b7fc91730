/* register (like auto and static) is a C storage class D has no use for */
register int nreads;

BEGIN { exit(0); }
