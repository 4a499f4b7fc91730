/* an llquantize() high magnitude below the low one */
BEGIN { @ = llquantize(1, 10, 3, 2, 10); exit(0); }
