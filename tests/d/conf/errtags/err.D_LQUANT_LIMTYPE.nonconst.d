/* an lquantize() limit that is not a constant */
BEGIN { @ = lquantize(1, 0, timestamp, 1); exit(0); }
