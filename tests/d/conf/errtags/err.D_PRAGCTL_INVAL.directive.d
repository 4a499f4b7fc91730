/* an unknown control directive */
#frobnicate
BEGIN { exit(0); }
