/* long double (16 bytes) can be declared, but its value not read yet. */
long double ld;
BEGIN { x = ld; exit(0); }
