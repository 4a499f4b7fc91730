/* an llquantize() steps argument that is not a constant */
BEGIN { @ = llquantize(1, 10, 0, 2, timestamp); exit(0); }
