/* an llquantize() high magnitude that is not a constant */
BEGIN { @ = llquantize(1, 10, 0, timestamp, 10); exit(0); }
