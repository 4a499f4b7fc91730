/* an llquantize() low magnitude wider than 16 bits */
BEGIN { @ = llquantize(1, 10, 0x10000, 0x10001, 10); exit(0); }
