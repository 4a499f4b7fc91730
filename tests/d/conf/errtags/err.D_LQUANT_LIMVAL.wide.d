/* an lquantize() limit wider than 32 bits */
BEGIN { @ = lquantize(1, 0, 0x100000000, 1); exit(0); }
