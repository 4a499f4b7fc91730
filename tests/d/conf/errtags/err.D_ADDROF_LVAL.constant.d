/* the address of a constant */
BEGIN { trace(&1); exit(0); }
