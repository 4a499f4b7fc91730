/* an llquantize() low magnitude that is not a constant */
BEGIN { @ = llquantize(1, 10, timestamp, 2, 10); exit(0); }
