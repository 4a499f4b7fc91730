/* long double (16 bytes) is not supported yet. */
long double ld;
BEGIN { exit(0); }
