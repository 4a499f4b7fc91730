/* @@args: 1 2 */
/* $2 is given on the command line but never referenced */
BEGIN { trace($1); exit(0); }
