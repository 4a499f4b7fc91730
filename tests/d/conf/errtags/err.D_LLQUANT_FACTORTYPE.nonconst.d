/* an llquantize() factor that is not a constant */
BEGIN { @ = llquantize(1, timestamp, 0, 2, 10); exit(0); }
