/* lquantize() parameters must match earlier uses */
BEGIN { @ = lquantize(0, 10, 20, 1); @ = lquantize(0, 15, 20, 1); exit(0); }
